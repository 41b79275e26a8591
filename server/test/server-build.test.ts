import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the build script is plain JavaScript without declarations
import { buildServer } from '../scripts/build.mjs';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-server-build-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('the compiled server (pnpm start)', () => {
  it('is Latin-1 only, so V8 keeps its sources as one-byte strings, and still parses', async () => {
    await (buildServer as (dir: string) => Promise<void>)(outDir);
    const files = fs.readdirSync(outDir).filter((f) => f.endsWith('.mjs'));
    expect(files).toContain('main.mjs');
    for (const file of files) {
      const text = fs.readFileSync(path.join(outDir, file), 'utf8');
      expect([...text].filter((c) => c.charCodeAt(0) > 0xff).slice(0, 5), file).toEqual([]);
      const check = spawnSync(process.execPath, ['--check', path.join(outDir, file)], { encoding: 'utf8' });
      expect(check.stderr, file).toBe('');
      expect(check.status, file).toBe(0);
    }
    // what the escapes stand for survives: the full-width comma of the phone separator
    const main = fs.readFileSync(path.join(outDir, 'main.mjs'), 'utf8');
    expect(main).toMatch(/PHONE_SEPARATOR = \/\[,\\uff0c;\\s\]\+\//);
  }, 60_000);
});
