// `pnpm contract:demo`: for each Blade line, starts a fresh SEED=demo server of that line (BLADE_LINE) on a
// free port (its own temporary data, a fixed captcha), runs the contract runner against it with
// `--line auto` and no setting but the account, stops it; exits non-zero when either run failed. The
// public line's SM2 public key reaches the runner as a client is given it (BLADE_SM2_PUBLIC_KEY), read
// from the key pair the server kept in its data directory: that line serves no key.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CAPTCHA, root, startDemoServer } from './demo-server.mjs';

const LINES = ['bladex', 'springblade'];

/** One line: its server up, the runner against it, the server down. The runner's exit code. */
async function runLine(line) {
  let demo;
  try {
    demo = await startDemoServer({ line, name: 'contract-demo' });
  } catch (e) {
    console.error(`contract:demo: ${line}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  const { origin, dataDir } = demo;
  try {
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
    await demo.stop();
  }
}

const codes = {};
for (const line of LINES) codes[line] = await runLine(line);
console.log(
  `\ncontract:demo: ${LINES.map((l) => `${l} ${codes[l] === 0 ? 'passed' : `FAILED (exit ${codes[l]})`}`).join(', ')}`,
);
process.exit(Object.values(codes).some((c) => c !== 0) ? 1 : 0);
