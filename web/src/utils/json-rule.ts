import type { FormRule } from 'antd';

/** A form rule: empty, or the JSON text of an object (not an array nor a scalar); else `message`. */
export const jsonObjectRule = (message: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const text = String(value ?? '').trim();
    if (!text) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(message);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(message);
  },
});
