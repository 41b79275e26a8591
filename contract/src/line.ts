import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPTIONAL_FEATURES, type BladeLine, type OptionalFeature } from '@psi/db/model/line';

export type { BladeLine, OptionalFeature } from '@psi/db/model/line';

/**
 * Which Blade line a backend speaks and which optional parts it has, asked over plain HTTP without a
 * token. Shared by the contract runner (`--line auto`) and the validating proxy (the upstream's line
 * at start-up); it imports nothing of either.
 */

/** The committed OpenAPI document of each line (`contract/openapi*.json`). */
const CONTRACT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LINE_DOCUMENTS: Record<BladeLine, string> = {
  bladex: path.join(CONTRACT_DIR, 'openapi.json'),
  springblade: path.join(CONTRACT_DIR, 'openapi.springblade.json'),
};

/**
 * The captcha route each line serves: the first that answers the envelope with code 200 (or a bare
 * captcha) names the line.
 */
const CAPTCHA_OF: [BladeLine, string][] = [
  ['bladex', '/blade-auth/oauth/captcha'],
  ['springblade', '/blade-auth/captcha'],
];

/** The target could not be reached at all (refused, timed out, not resolved). */
export class UnreachableError extends Error {}

interface Probe {
  status: number;
  code: number | undefined;
  /** The body is a bare captcha (`{key, image}` without the envelope, as some BladeX builds send it). */
  captcha: boolean;
}

const base = (url: string) => url.replace(/\/+$/, '');

async function probe(baseUrl: string, route: string, timeoutMs: number): Promise<Probe> {
  let res: Response;
  try {
    res = await fetch(`${base(baseUrl)}${route}`, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const reason = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
    throw new UnreachableError(`${base(baseUrl)} is unreachable (${reason})`, { cause: e });
  }
  let code: number | undefined;
  let captcha = false;
  try {
    const body = (await res.json()) as { code?: unknown; key?: unknown; image?: unknown };
    if (typeof body?.code === 'number') code = body.code;
    captcha = typeof body?.key === 'string' && typeof body?.image === 'string';
  } catch {
    code = undefined;
  }
  return { status: res.status, code, captcha };
}

/**
 * A route the backend does not have: HTTP 404 or 405, or (the public line's habit and Blade's envelope)
 * HTTP 200 with body code 404 or 405.
 */
export function isAbsentAnswer(status: number, code: unknown): boolean {
  return status === 404 || status === 405 || (status === 200 && (code === 404 || code === 405));
}

/**
 * The line a base URL (the gateway's `/api`, paths as `/blade-auth/…`) speaks: the BladeX captcha
 * answered with code 200 → `bladex`, else the public one → `springblade`. Throws `UnreachableError`
 * when the target cannot be reached, an ordinary error when it answers neither.
 */
export async function detectLine(baseUrl: string, timeoutMs = 10_000): Promise<BladeLine> {
  const seen: string[] = [];
  for (const [line, route] of CAPTCHA_OF) {
    const p = await probe(baseUrl, route, timeoutMs);
    if (p.status === 200 && (p.code === 200 || p.captcha)) return line;
    seen.push(`${route}: HTTP ${p.status}${p.code === undefined ? '' : ` code ${p.code}`}`);
  }
  throw new Error(`${base(baseUrl)} answers neither line's captcha (${seen.join('; ')}): name the line`);
}

/** Which optional parts the backend has: a probe route answered as absent means the part is missing. */
export async function probeFeatures(
  baseUrl: string,
  timeoutMs = 10_000,
): Promise<Record<OptionalFeature, boolean>> {
  const entries = await Promise.all(
    (Object.entries(OPTIONAL_FEATURES) as [OptionalFeature, string][]).map(async ([feature, route]) => {
      const p = await probe(baseUrl, route, timeoutMs);
      return [feature, !isAbsentAnswer(p.status, p.code)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<OptionalFeature, boolean>;
}
