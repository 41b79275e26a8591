// `pnpm contract:demo`: starts a fresh SEED=demo server on a free port (its own temporary data, a fixed
// captcha), runs the contract runner against it, stops it, and exits with the runner's code.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CAPTCHA = 'abcde';
/** Used only while neither the server serves /v3/api-docs nor contract/openapi.json is committed. */
const FIXTURE = path.join(root, 'contract/test/fixtures/openapi.json');

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

async function servesDocument(origin) {
  try {
    const res = await fetch(`${origin}/v3/api-docs`);
    return res.ok && (res.headers.get('content-type') ?? '').includes('json');
  } catch {
    return false;
  }
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-contract-demo-'));
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
    LOG: 'off',
  },
});

let code = 1;
try {
  await waitHealthy(origin, server);
  const args = ['--base-url', `${origin}/api`, '--captcha', CAPTCHA, '--junit', 'contract/reports/junit.xml'];
  if (!(await servesDocument(origin)) && !fs.existsSync(path.join(root, 'contract/openapi.json'))) {
    console.log(`contract: no served or committed document yet, using ${path.relative(root, FIXTURE)}`);
    args.push('--spec', FIXTURE);
  }
  const run = spawnSync('pnpm', ['--silent', 'contract', ...args], { cwd: root, stdio: 'inherit' });
  code = run.status ?? 1;
} catch (e) {
  console.error(`contract:demo: ${e instanceof Error ? e.message : String(e)}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
