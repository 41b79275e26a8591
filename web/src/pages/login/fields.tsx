import { useCallback, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/resources';
import { Icon, type IconName } from './icons';

export interface LoginValues {
  /** Only in tenant mode. */
  tenantId: string;
  username: string;
  password: string;
  /** Only in captcha mode. */
  captchaCode: string;
}

export type LoginField = keyof LoginValues;

/** What each field must hold: filled (`whitespace`: blank text counts as empty), as antd's `required`. */
const rules: Record<LoginField, { message: MessageKey; whitespace?: boolean }> = {
  tenantId: { message: 'login.tenantIdRequired', whitespace: true },
  username: { message: 'login.accountRequired', whitespace: true },
  password: { message: 'login.passwordRequired' },
  captchaCode: { message: 'login.captchaRequired', whitespace: true },
};

/** The message of a value its rule refuses, or undefined. */
function problemOf(field: LoginField, value: string): MessageKey | undefined {
  const rule = rules[field];
  return (rule.whitespace ? value.trim() : value) ? undefined : rule.message;
}

type Problems = Partial<Record<LoginField, MessageKey>>;

/**
 * The form's values and their problems. As antd's Form: a field is checked when the user changes it,
 * every shown field on submit; a value set by the page (a demo tenant, a captcha cleared) is not.
 * Problems are kept as message keys, so that they follow a language switch.
 */
export function useLoginFields(initial: LoginValues) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const setValue = useCallback((field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => (current[field] && value ? { ...current, [field]: undefined } : current));
  }, []);
  const change = useCallback((field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: problemOf(field, value) }));
  }, []);
  /** Checks the fields shown; true when every one passes. */
  const validate = (fields: LoginField[]): boolean => {
    const found: Problems = {};
    for (const field of fields) found[field] = problemOf(field, values[field]);
    setProblems(found);
    return fields.every((field) => !found[field]);
  };
  return { values, problems, setValue, change, validate };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  /** the input's id; the label points at it and the message is `${id}_help` */
  id: string;
  label: string;
  icon: IconName;
  value: string;
  onChange: (value: string) => void;
  problem?: MessageKey;
  /** inside the input's frame, after it (the password's show/hide button) */
  suffix?: ReactNode;
  /** beside the input's frame (the captcha picture) */
  addon?: ReactNode;
  /** under the field (the tenant's help) */
  extra?: ReactNode;
}

/** A labelled input drawn like antd's large affixed input, its problem under it (`role="alert"`). */
export function TextField({
  id,
  label,
  icon,
  value,
  onChange,
  problem,
  suffix,
  addon,
  extra,
  ...input
}: TextFieldProps) {
  const { t } = useTranslation();
  const helpId = `${id}_help`;
  const frame = (
    <span className={`psi-input${problem ? ' psi-input--error' : ''}`}>
      <Icon name={icon} className="psi-input__prefix" />
      <input
        {...input}
        id={id}
        className="psi-input__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-required="true"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? helpId : undefined}
      />
      {suffix}
    </span>
  );
  return (
    <div className={`psi-field${problem ? ' psi-field--error' : ''}${extra ? ' psi-field--extra' : ''}`}>
      <div className="psi-field__label">
        <label htmlFor={id}>{label}</label>
      </div>
      {addon ? (
        <div className="psi-field__row">
          {frame}
          {addon}
        </div>
      ) : (
        frame
      )}
      {problem && (
        <div id={helpId} className="psi-field__error" role="alert">
          {t(problem)}
        </div>
      )}
      {extra && <div className="psi-field__extra">{extra}</div>}
    </div>
  );
}

/** The password's show/hide button, inside its frame. */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="psi-input__suffix psi-input__toggle"
      aria-label={t('login.showPassword')}
      aria-pressed={shown}
      onClick={onToggle}
    >
      <Icon name={shown ? 'eye' : 'eyeInvisible'} />
    </button>
  );
}
