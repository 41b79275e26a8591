// `pnpm contract:demo`: for each Blade line, starts a fresh SEED=demo server of that line (BLADE_LINE) on a
// free port (its own temporary data, a fixed captcha), runs the contract runner against it with
// `--line auto` and no setting but the account, stops it; exits non-zero when either run failed. The
// public line's SM2 public key reaches the runner as a client is given it (BLADE_SM2_PUBLIC_KEY), read
// from the key pair the server kept in its data directory: that line serves no key.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CAPTCHA = 'abcde';
const LINES = ['bladex', 'springblade'];

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

/** One line: its server up, the runner against it, the server down. The runner's exit code. */
async function runLine(line) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `psi-contract-demo-${line}-`));
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
    },
  });
  try {
    await waitHealthy(origin, server);
    const { publicKey } = JSON.parse(fs.readFileSync(path.join(dataDir, 'sm2-keys.json'), 'utf8'));
    console.log(`\ncontract:demo: ${line} server at ${origin}`);
    const junit = `contract/reports/junit${line === 'bladex' ? '' : `.${line}`}.xml`;
    const args = [
      '--base-url',
      `${origin}/api`,
      '--line',
      'auto',
      '--account',
      'admin',
      '--password',
      'admin',
    ];
    const run = spawnSync('pnpm', ['--silent', 'contract', ...args, '--captcha', CAPTCHA, '--junit', junit], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BLADE_SM2_PUBLIC_KEY: publicKey },
    });
    return run.status ?? 1;
  } catch (e) {
    console.error(`contract:demo: ${line}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const codes = {};
for (const line of LINES) codes[line] = await runLine(line);
console.log(
  `\ncontract:demo: ${LINES.map((l) => `${l} ${codes[l] === 0 ? 'passed' : `FAILED (exit ${codes[l]})`}`).join(', ')}`,
);
process.exit(Object.values(codes).some((c) => c !== 0) ? 1 : 0);
