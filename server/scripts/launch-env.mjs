// The environment the server process starts with, for `pnpm start` (scripts/start.mjs) and the bench's
// server: settings that libuv and glibc read once, before any of the server's code runs, so they cannot
// be set from inside it. Whatever the caller's environment says wins.
import { availableParallelism } from 'node:os';

/**
 * - `UV_THREADPOOL_SIZE`: as many of libuv's threads as cores (at least two), not four. The sign-ins'
 *   argon2id runs there (`db/src/password.ts`, one per core at a time); with more threads than cores
 *   each verification landed on a thread that had not run the last one and cost a fifth more CPU
 *   (165 grants/s against 182–191 at 50 connections on two cores).
 * - `MALLOC_ARENA_MAX` and a fixed `MALLOC_MMAP_THRESHOLD_`: two arenas rather than one per thread
 *   that ever allocated, and each verification's 19 MiB mapped and returned to the system rather than
 *   kept in an arena after the first (glibc's dynamic threshold rises to it). About 9 MiB less resident
 *   after the trainer script.
 */
export function launchEnv(env = process.env) {
  return {
    UV_THREADPOOL_SIZE: String(Math.max(2, availableParallelism())),
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    ...env,
  };
}
