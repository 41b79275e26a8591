import { useState } from 'react';

/**
 * A save in flight: `run` keeps `saving` on while the call runs. A refused call was already explained
 * by the request client, so it only ends the spinner (the dialog or form stays as it is).
 */
export function useSaving(): { saving: boolean; run: (call: () => Promise<unknown>) => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const run = async (call: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await call();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}
