import { Button, type ButtonProps } from 'antd';

type HeaderIconButtonProps = Omit<ButtonProps, 'type' | 'className' | 'aria-label'> & {
  /** the accessible name (the tooltip says the same to sighted users) */
  label: string;
  testId: string;
};

/**
 * An icon-only button of the header. Other props (the icon, the click, and what a wrapping tooltip,
 * dropdown or popover passes down) reach the antd button as they are.
 */
export function HeaderIconButton({ label, testId, ...rest }: HeaderIconButtonProps) {
  return (
    <Button type="text" className="psi-header__icon" aria-label={label} data-testid={testId} {...rest} />
  );
}
