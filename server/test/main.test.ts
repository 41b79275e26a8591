import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

describe('the server process', () => {
  it('migrates and seeds an empty DATA_DIR, serves /healthz, and stops cleanly on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-main-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(path.join(serverDir, 'node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dir,
        SEED: 'minimal',
        LOG: 'off',
        WEB_DIST: path.join(dir, 'none'),
      },
      stdio: 'pipe',
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    try {
      const res = await waitFor(`http://127.0.0.1:${port}/healthz`, 90_000);
      expect(await res.json()).toEqual({ status: 'ok' });
      const captcha = await fetch(`http://127.0.0.1:${port}/api/blade-auth/oauth/captcha`);
      expect(((await captcha.json()) as { success: boolean }).success).toBe(true);
      expect(fs.existsSync(path.join(dir, 'psi.db'))).toBe(true);
      expect(fs.existsSync(path.join(dir, 'jwt-secret'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code, stderr).toBe(0);
    // a clean close checkpoints the WAL into the database file
    const wal = path.join(dir, 'psi.db-wal');
    expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
