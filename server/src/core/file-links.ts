import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links to stored files, the object stores' habit: `?expires=<unix seconds>&signature=<HMAC>`
 * over the path and the expiry, keyed by a secret derived from the server's signing key. An `<img>`
 * loads such a link without the token (Saber shows avatars that way), yet the file stays private:
 * the link is unguessable and stops working when it expires. Links are signed whenever they are
 * served (upload answers, avatar fields): a link saved with an old signature (Saber keeps the upload's
 * link as the avatar) is signed afresh, so it keeps working.
 */

/** The route stored files are served from (the path of every stored-file link, after `/api`). */
export const FILE_ROUTE = '/blade-resource/oss/endpoint/file';
/** How long a served link works, at least. */
export const FILE_LINK_TTL_SECONDS = 7 * 24 * 3600;
/**
 * Expiries are rounded up to the hour: the same file served twice within an hour gets the same link,
 * so a browser's cache keeps the image and an answer compared with an earlier one does not differ.
 */
const EXPIRY_STEP_SECONDS = 3600;

/** A stored-file link, relative or absolute, with or without a query. */
const STORED = new RegExp(`^((?:https?://[^/]+)?/api${FILE_ROUTE}/[^?#]+)(?:[?#].*)?$`, 'i');

const keyOf = (secret: string) => createHmac('sha256', secret).update('stored-file-links').digest();

const signatureOf = (secret: string, path: string, expires: number) =>
  createHmac('sha256', keyOf(secret)).update(`${path}\n${expires}`).digest('base64url');

/** The path of a link (`/api/blade-resource/…`), without origin or query. */
const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0];

/**
 * A stored-file link signed to expire `FILE_LINK_TTL_SECONDS` (to the next whole hour) from `now`;
 * anything else unchanged.
 */
export function signedFileLink(secret: string, link: string, now = Date.now()): string {
  const m = STORED.exec(link);
  if (!m) return link;
  const earliest = Math.floor(now / 1000) + FILE_LINK_TTL_SECONDS;
  const expires = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  return `${m[1]}?expires=${expires}&signature=${signatureOf(secret, pathOf(m[1]), expires)}`;
}

/** Whether a request for a stored file carries a signature, and whether it holds now. */
export function checkFileLink(
  secret: string,
  path: string,
  query: { expires?: unknown; signature?: unknown },
  now = Date.now(),
): 'unsigned' | 'valid' | 'expired' | 'forged' {
  if (query.signature === undefined && query.expires === undefined) return 'unsigned';
  const expires = Number(query.expires);
  if (typeof query.signature !== 'string' || !Number.isSafeInteger(expires)) return 'forged';
  const want = Buffer.from(signatureOf(secret, pathOf(path), expires));
  const got = Buffer.from(query.signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'forged';
  return expires * 1000 < now ? 'expired' : 'valid';
}
