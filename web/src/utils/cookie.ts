/** A minimal cookie helper: the app only needs to mirror the two token cookies. */

export interface CookieOptions {
  path?: string;
  /** Lifetime in seconds; a session cookie when omitted. */
  maxAge?: number;
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.maxAge !== undefined) parts.push(`max-age=${options.maxAge}`);
  parts.push('SameSite=Lax');
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'path'> = {}): void {
  document.cookie = `${encodeURIComponent(name)}=; path=${options.path ?? '/'}; max-age=0`;
}
