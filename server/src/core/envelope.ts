import { messages } from '@psi/db/model';
import type { Lang } from '@psi/db/model';

/** Blade's `R`: `{code, success, data, msg}` with `success = (code == 200)` and never a null `data`. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T | Record<string, never>;
  msg: string;
}

export function envelope<T>(code: number, data: T | null | undefined, msg: string): Envelope<T> {
  return { code, success: code === 200, data: data ?? {}, msg };
}

/** `R.data(x)`: 200 with the data; a missing record gives `{}` and `暂无承载数据`. */
export function ok<T>(data: T | null | undefined, lang: Lang = 'zh', msg?: string): Envelope<T> {
  const empty = data === null || data === undefined;
  return envelope(200, data, msg ?? (empty ? messages.noData[lang] : messages.success[lang]));
}

/** `R.status(true)` / `R.success(msg)`: 200 with `data: {}`. */
export function done(lang: Lang = 'zh', msg?: string): Envelope<Record<string, never>> {
  return envelope(200, {}, msg ?? messages.success[lang]);
}
