import Form, { type FormItemProps } from 'antd/es/form';

type RequiredItemProps = Omit<FormItemProps, 'rules'> & {
  /** what the form says when the item is left empty */
  message: string;
  /** blank text counts as empty */
  whitespace?: boolean;
};

/** A form item that must be filled. */
export function RequiredItem({ message, whitespace, ...props }: RequiredItemProps) {
  return (
    <Form.Item rules={[{ required: true, ...(whitespace ? { whitespace } : {}), message }]} {...props} />
  );
}
