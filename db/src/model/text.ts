/** Every user-facing text exists in Chinese (default) and English. */
export type Lang = 'zh' | 'en';
export interface Text {
  zh: string;
  en: string;
}

export const t = (zh: string, en: string): Text => ({ zh, en });

/** Replaces `{name}` placeholders. */
export function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}

export function pickLang(header: string | undefined | null): Lang {
  return header && /^en\b/i.test(header.trim()) ? 'en' : 'zh';
}
