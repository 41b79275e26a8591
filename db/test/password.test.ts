import { afterEach, describe, expect, it, vi } from 'vitest';

// Two cores, and an argon2id `verify` whose calls the test ends by hand: it counts how many run at once.
const argon2 = vi.hoisted(() => {
  const pending: { hash: string; end: (ok: boolean | Error) => void }[] = [];
  let running = 0;
  let most = 0;
  return {
    pending,
    most: () => most,
    reset: () => {
      pending.length = 0;
      most = 0;
    },
    verify: (hash: string) =>
      new Promise<boolean>((resolve, reject) => {
        running++;
        most = Math.max(most, running);
        pending.push({
          hash,
          end: (ok) => {
            running--;
            if (ok instanceof Error) reject(ok);
            else resolve(ok);
          },
        });
      }),
  };
});
vi.mock('node:os', async (actual) => ({ ...(await actual<object>()), availableParallelism: () => 2 }));
vi.mock('@node-rs/argon2', async (actual) => ({ ...(await actual<object>()), verify: argon2.verify }));

const { verifyPasswordOffThread } = await import('../src/password');

/** Lets the awaited slots and verifications move on. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => argon2.reset());

describe('verifyPasswordOffThread', () => {
  it('hands libuv one verification per core and one more, the others waiting in order', async () => {
    const results = ['a', 'b', 'c', 'd', 'e', 'f'].map((hash) => verifyPasswordOffThread(hash, 'md5'));
    await settle();
    expect(argon2.pending.map((p) => p.hash)).toEqual(['a', 'b', 'c']);
    argon2.pending.shift()!.end(true);
    await settle();
    expect(argon2.pending.map((p) => p.hash)).toEqual(['b', 'c', 'd']);
    // a verification that throws (a malformed hash) answers false and still gives its place up
    argon2.pending.shift()!.end(new Error('invalid hash'));
    await settle();
    expect(argon2.pending.map((p) => p.hash)).toEqual(['c', 'd', 'e']);
    for (const ok of [false, true, true, true]) {
      argon2.pending.shift()!.end(ok);
      await settle();
    }
    await expect(Promise.all(results)).resolves.toEqual([true, false, false, true, true, true]);
    expect(argon2.most()).toBe(3);
  });

  it('lets a new verification start at once when a core is free again', async () => {
    const first = verifyPasswordOffThread('a', 'md5');
    await settle();
    argon2.pending.shift()!.end(true);
    await first;
    const next = ['b', 'c', 'd'].map((hash) => verifyPasswordOffThread(hash, 'md5'));
    await settle();
    expect(argon2.pending.map((p) => p.hash)).toEqual(['b', 'c', 'd']);
    for (const p of argon2.pending.splice(0)) p.end(true);
    await expect(Promise.all(next)).resolves.toEqual([true, true, true]);
  });

  it('refuses an empty hash or password without verifying', async () => {
    await expect(verifyPasswordOffThread('', 'md5')).resolves.toBe(false);
    await expect(verifyPasswordOffThread('a', '')).resolves.toBe(false);
    expect(argon2.most()).toBe(0);
  });
});
