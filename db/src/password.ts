import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hashSync, verify, verifySync, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Passwords arrive as the md5 hex of the plain text (the Blade clients hash before sending), and are
 * stored as argon2id of that md5 hex: a slow, salted hash, never the fast md5 itself (CONTRACT.md 5).
 */

/** `Algorithm.Argon2id`; the package declares it as a const enum, which isolatedModules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline (19 MiB, 2 passes): about 20 ms per hash, synchronous on purpose. */
const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function md5Hex(plain: string): string {
  return createHash('md5').update(plain, 'utf8').digest('hex');
}

export function hashPassword(md5HexOfPlain: string): string {
  return hashSync(md5HexOfPlain, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash (never throws). */
export function verifyPassword(hash: string, md5HexOfPlain: string): boolean {
  if (!hash || !md5HexOfPlain) return false;
  try {
    return verifySync(hash, md5HexOfPlain);
  } catch {
    return false;
  }
}

/**
 * At most one verification per core plus one in libuv's queue at a time. The pool (as wide as the cores
 * when the server is launched with server/scripts/launch-env.mjs) then always has the next hash ready
 * when one ends, and the pool's other work (files, compression, DNS) waits behind one hash at most, not
 * behind every sign-in of a burst. Measured at 50 connections on two cores: 187 and 174 grants/s
 * (BladeX, public line) with three places, 184 and 172 with no limit, 173–183 and 162–164 with two
 * (a core then idles until the event loop hands it the next hash).
 */
const VERIFY_SLOTS = availableParallelism() + 1;
let verifyingNow = 0;
const waitingForSlot: (() => void)[] = [];

async function inVerifySlot<T>(work: () => Promise<T>): Promise<T> {
  if (verifyingNow >= VERIFY_SLOTS) await new Promise<void>((resolve) => waitingForSlot.push(resolve));
  else verifyingNow++;
  try {
    return await work();
  } finally {
    // the slot passes straight to the next waiter, so a verification arriving meanwhile cannot take it
    const next = waitingForSlot.shift();
    if (next) next();
    else verifyingNow--;
  }
}

/**
 * `verifyPassword` on libuv's thread pool (the same argon2id check, the same parameters read from the
 * hash), one per core at a time and one waiting: the event loop goes on serving while a sign-in hashes,
 * and sign-ins hash on every core.
 */
export async function verifyPasswordOffThread(hash: string, md5HexOfPlain: string): Promise<boolean> {
  if (!hash || !md5HexOfPlain) return false;
  try {
    return await inVerifySlot(() => verify(hash, md5HexOfPlain));
  } catch {
    return false;
  }
}
