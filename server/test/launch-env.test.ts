import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { launchEnv } from '../scripts/launch-env.mjs';

describe('the environment the server process starts with', () => {
  it('sizes libuv’s pool to the cores (at least two) and sets glibc’s allocator', () => {
    const env = launchEnv({});
    expect(env.UV_THREADPOOL_SIZE).toBe(String(Math.max(2, availableParallelism())));
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('131072');
  });

  it('lets the caller’s environment win', () => {
    expect(launchEnv({ UV_THREADPOOL_SIZE: '8', PATH: '/bin' })).toMatchObject({
      UV_THREADPOOL_SIZE: '8',
      PATH: '/bin',
    });
  });

  it('is what pnpm start and the bench start the server with', () => {
    for (const launcher of ['../../scripts/start.mjs', '../bench/run.ts']) {
      const text = fs.readFileSync(new URL(launcher, import.meta.url), 'utf8');
      expect(text, launcher).toMatch(/env: launchEnv\(\)/);
    }
  });
});
