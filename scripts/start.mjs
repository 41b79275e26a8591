// `pnpm start`: builds the web when its sources are newer than the build, then runs the server, which
// migrates and seeds an empty DATA_DIR and serves the web and /api on PORT.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web/dist/index.html');

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

// Node itself runs the server with tsx as a loader (not the tsx binary, whose signal relay gives a
// busy child only 30 ms to answer and then kills it), so SIGTERM reaches the server's own drain.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'server'),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
