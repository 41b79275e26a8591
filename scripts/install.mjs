// `pnpm install --frozen-lockfile` that also works offline on a fresh machine: better-sqlite3 compiles
// from source, and node-gyp would download Node's headers unless it is pointed at the ones Node ships.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const env = { ...process.env };
const prefix = path.resolve(path.dirname(process.execPath), '..');
if (!env.npm_config_nodedir && fs.existsSync(path.join(prefix, 'include/node/node.h'))) {
  env.npm_config_nodedir = prefix;
}
const install = spawnSync('pnpm', ['install', '--frozen-lockfile'], { stdio: 'inherit', env });
process.exit(install.status ?? 1);
