// `pnpm test:all`: every check CI runs, one phase after the other in this order. Stops at the first phase
// that fails, with its exit code, and prints how long each phase took (also after a failure), so a slow
// CI run shows where its time went.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** [name, command, arguments]: the phases of `pnpm test:all`. */
const PHASES = [
  ['install', 'node', ['scripts/install.mjs']],
  ['ensure-chromium', 'bash', ['scripts/ensure-chromium.sh']],
  ['lint', 'pnpm', ['lint']],
  ['typecheck', 'pnpm', ['typecheck']],
  ['test', 'pnpm', ['test']],
  ['contract:demo', 'pnpm', ['contract:demo']],
  ['contract:fuzz', 'pnpm', ['contract:fuzz']],
  ['build', 'pnpm', ['build']],
  ['e2e', 'pnpm', ['e2e']],
  ['e2e:midnight', 'pnpm', ['e2e:midnight']],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function table(rows, total) {
  const width = Math.max(...PHASES.map(([name]) => name.length), 'total'.length);
  const lines = rows.map(
    ({ name, ms, status }) =>
      `  ${name.padEnd(width)}  ${(ms === null ? '' : seconds(ms)).padStart(9)}  ${(ms === null ? '' : clock(ms)).padStart(6)}  ${status}`,
  );
  return [
    '',
    'test:all phases:',
    ...lines,
    `  ${'total'.padEnd(width)}  ${seconds(total).padStart(9)}  ${clock(total).padStart(6)}`,
  ].join('\n');
}

const rows = [];
const start = Date.now();
let code = 0;
for (const [name, command, args] of PHASES) {
  console.log(`\ntest:all: ${name}`);
  const begun = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const ms = Date.now() - begun;
  // a phase that could not start, or was killed by a signal, has no status: it failed all the same
  code = run.status ?? 1;
  const why = run.signal ? `killed by ${run.signal}` : run.error ? run.error.message : `exit ${code}`;
  rows.push({ name, ms, status: code === 0 ? 'ok' : `FAILED (${why})` });
  if (code !== 0) break;
}
for (const [name] of PHASES.slice(rows.length)) rows.push({ name, ms: null, status: 'not run' });
console.log(table(rows, Date.now() - start));
process.exit(code);
