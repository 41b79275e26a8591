import { useState } from 'react';
import { App } from 'antd';
import { RequestError } from '../../api/errors';

/**
 * The write of a PSI dialog or editor: `busy` while `run` works; a refusal (the server's message) becomes
 * the dialog's `error` and, unless `toast: false` (a dialog that shows it well in view), a toast. A check
 * of the dialog's own sets `error` with `setError`.
 */
export function useSubmit({ toast = true }: { toast?: boolean } = {}) {
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<void>) => {
    setBusy(true);
    try {
      await write();
    } catch (failure) {
      const text = failure instanceof RequestError ? failure.message : String(failure);
      setError(text);
      if (toast) void message.error(text);
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
