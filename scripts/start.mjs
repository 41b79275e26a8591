// `pnpm start`: builds the web and the server when their sources are newer than their builds, then runs
// the compiled server (plain JavaScript, no TypeScript loader), which migrates and seeds an empty
// DATA_DIR and serves the web and /api on PORT.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchEnv } from '../server/scripts/launch-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web/dist/index.html');
const serverDist = path.join(root, 'server/dist/main.mjs');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'web')),
  newestMtime(path.join(root, 'db/src')),
  newestMtime(path.join(root, 'fixtures')),
);
if (!process.env.SKIP_WEB_BUILD && (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sources)) {
  console.log('Building the web client…');
  const build = spawnSync('pnpm', ['--filter', '@psi/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverSources = Math.max(
  newestMtime(path.join(root, 'server/src')),
  newestMtime(path.join(root, 'db/src')),
  fs.statSync(path.join(root, 'server/scripts/build.mjs')).mtimeMs,
  fs.statSync(path.join(root, 'pnpm-lock.yaml')).mtimeMs,
);
if (!fs.existsSync(serverDist) || fs.statSync(serverDist).mtimeMs < serverSources) {
  console.log('Building the server…');
  const build = spawnSync(process.execPath, [path.join(root, 'server/scripts/build.mjs')], {
    cwd: path.join(root, 'server'),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Node runs the compiled server directly, so SIGTERM reaches the server's own drain. A young
// generation of 4 MiB semi-spaces (V8's default is 16) keeps the resident memory of a demo low at
// no measurable cost for its request sizes. (V8's `--optimize-for-size` took about 10 MiB more off
// but slowed every answer by 10–25 %, and the e2e suite, which runs on this command, turned flaky.)
const serverArgs = ['--max-semi-space-size=4', serverDist];
// libuv's pool as wide as the cores and glibc's allocator settings: server/scripts/launch-env.mjs.
const server = spawn(process.execPath, serverArgs, {
  cwd: path.join(root, 'server'),
  stdio: 'inherit',
  env: launchEnv(),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
