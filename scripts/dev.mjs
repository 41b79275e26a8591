// `pnpm dev`: the server with reload on :8080 and Vite's dev server (proxying /api to it) on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// fault injection is on for development (FAULTS=off turns it off): 研发工具 → 故障注入, the Blade-Fault header
const env = { ...process.env, FAULTS: process.env.FAULTS ?? 'on' };
const run = (filter, script) =>
  spawn('pnpm', ['--filter', filter, script], { cwd: root, stdio: 'inherit', env });
const children = [run('@psi/server', 'dev'), run('@psi/web', 'dev')];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
