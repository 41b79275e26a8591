/**
 * The run-time site configuration the server hands to the web client it serves. It travels as a
 * `<meta name="psi-site" content='{"switchMode":true}'>` tag written into index.html on each request:
 * no inline script (the CSP forbids one) and no extra request before the app renders. The client
 * reads it in `web/src/config/site.ts`; without the tag (unit tests, a static host) the build-time
 * defaults apply.
 */
import type { ServedSiteConfig } from '@psi/db/model';

export type SiteConfig = ServedSiteConfig;

const SITE_META_NAME = 'psi-site';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The meta tag carrying a site configuration. */
function siteMetaTag(config: SiteConfig): string {
  return `<meta name="${SITE_META_NAME}" content="${escapeAttribute(JSON.stringify(config))}" />`;
}

/** index.html with the site configuration in its head (any tag already there is replaced). */
export function withSiteConfig(html: string, config: SiteConfig): string {
  const tag = siteMetaTag(config);
  const existing = new RegExp(`<meta\\s+name="${SITE_META_NAME}"[^>]*>`, 'i');
  if (existing.test(html)) return html.replace(existing, tag);
  const head = html.search(/<\/head>/i);
  if (head !== -1) return `${html.slice(0, head)}    ${tag}\n  ${html.slice(head)}`;
  return `${tag}${html}`;
}

/** Reads a boolean setting: `true`/`1`/`on` and `false`/`0`/`off`/empty, anything else is refused. */
export function booleanSetting(name: string, value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(v)) return true;
  if (['', 'false', '0', 'off', 'no'].includes(v)) return false;
  throw new Error(`${name} must be true or false, not ${value}`);
}
