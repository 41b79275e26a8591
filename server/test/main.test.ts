import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
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
  it('migrates and seeds an empty DATA_DIR, serves /healthz, and on SIGTERM drains the request in flight and stops cleanly', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-main-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    // as scripts/start.mjs runs it: node with tsx as a loader, so the signal reaches the server itself
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
    let stdout = '';
    child.stdout.on('data', (c) => (stdout += c));
    try {
      const res = await waitFor(`http://127.0.0.1:${port}/healthz`, 90_000);
      expect(await res.json()).toEqual({ status: 'ok' });
      // one plain line says where to open it and how to sign in
      for (let i = 0; i < 50 && !stdout.includes('ready:'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(stdout).toContain(
        `ready: open http://127.0.0.1:${port} and sign in as tenant 000000, account admin, password admin`,
      );
      const captcha = await fetch(`http://127.0.0.1:${port}/api/blade-auth/oauth/captcha`);
      expect(((await captcha.json()) as { success: boolean }).success).toBe(true);
      expect(fs.existsSync(path.join(dir, 'psi.db'))).toBe(true);
      expect(fs.existsSync(path.join(dir, 'jwt-secret'))).toBe(true);
    } catch (err) {
      child.kill('SIGTERM');
      throw err;
    }
    // SIGTERM while a request is in flight (half its body sent): the request is still answered
    const body = new URLSearchParams({
      tenantId: '000000',
      username: 'admin',
      password: createHash('md5').update('admin').digest('hex'),
      grant_type: 'password',
      scope: 'all',
    }).toString();
    const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/blade-auth/oauth/token',
          headers: {
            authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });
    const drained = await answer;
    expect(drained.status, drained.text).toBe(200);
    expect(JSON.parse(drained.text)).toMatchObject({ token_type: 'bearer', account: 'admin' });
    const code = await exited;
    expect(code, stderr).toBe(0);
    // a clean close checkpoints the WAL into the database file
    const wal = path.join(dir, 'psi.db-wal');
    expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
