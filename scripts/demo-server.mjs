// A fresh SEED=demo server for the scripts that test against a running server (`contract:demo`,
// `contract:fuzz`): a free port, its own temporary data directory, a fixed captcha, one Blade line.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The captcha text every demo server started here accepts (CAPTCHA_FIXED). */
export const CAPTCHA = 'abcde';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitHealthy(origin, server) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy within 90 s');
}

/**
 * Starts a demo server of `line` and waits until it is healthy: `{origin, dataDir, stop}`; `stop()`
 * ends it and removes its data. `env` adds settings (a larger rate limit, say).
 */
export async function startDemoServer({ line = 'bladex', name = 'demo', env = {} } = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `psi-${name}-${line}-`));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'demo',
      CAPTCHA_FIXED: CAPTCHA,
      BLADE_LINE: line,
      LOG: 'off',
      ...env,
    },
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(origin, server);
  } catch (e) {
    await stop();
    throw e;
  }
  return { origin, dataDir, stop };
}
