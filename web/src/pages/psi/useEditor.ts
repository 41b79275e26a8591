import { useEffect, useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '../../components/discard/useDiscardGuard';
import { useSubmit } from './useSubmit';

/**
 * The wiring of a document editor: the discard guard (closing with unsaved work asks first) and the
 * write (`busy`, the refusal as `error`). `save` runs a write; on success it says so, lets the drawer
 * close without asking (unless `keepGuard`) and hands the result to `done`.
 */
export function useEditor(isDirty: () => boolean, onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const guard = useDiscardGuard(isDirty, onClose, { urlBound: true });
  const { error, setError, busy, run } = useSubmit();
  const save = <T>(
    write: () => Promise<T>,
    done: (saved: T) => void,
    options: { text?: string; keepGuard?: boolean } = {},
  ) =>
    run(async () => {
      const saved = await write();
      void message.success(options.text ?? t('psi.common.submitted'));
      if (!options.keepGuard) guard.release();
      done(saved);
    });
  return { close: guard.close, error, setError, busy, save };
}

/**
 * Adopts a loaded document into the editor's own state once per load: while rendering (React's
 * "adjusting state when a prop changes"), so the first paint already shows its lines.
 */
export function useOnLoaded<T>(data: T | null | undefined, adopt: (data: T) => void): void {
  const [adopted, setAdopted] = useState<unknown>(null);
  if (data && adopted !== data) {
    setAdopted(data);
    adopt(data);
  }
}

/** Fills the form from a loaded document (an effect: the form store lives outside React). */
export function useFillForm<T>(
  form: FormInstance,
  data: T | null | undefined,
  values: (data: T) => Record<string, unknown>,
): void {
  useEffect(() => {
    if (data) form.setFieldsValue(values(data));
    // `values` only reads `data`: a new function each render must not refill a form being edited
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, form]);
}
