/**
 * The server under measurement, in its own process so that the load generator does not share its
 * event loop: `tsx bench/server.ts <dbFile> <captcha>` opens an existing database (no seed), serves the
 * web build (web/dist) with every captcha answered by `<captcha>` (the browser run signs in through the
 * login form), listens on a loopback port and prints `PORT <n>`. SIGTERM closes it cleanly. Started with `--expose-gc`, it answers
 * SIGUSR2 with a full collection and a line `MEMORY {json}` (process.memoryUsage()), so that the bench
 * reads what the server holds rather than how far V8 happened to let its heap grow.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const dbFile = path.resolve(process.argv[2]);
  const app = await buildApp({
    dataDir: path.dirname(dbFile),
    dbFile,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-signing',
    seed: 'none',
    authRateLimit: 1_000_000,
    webDist,
    captchaFixed: process.argv[3],
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    console.log(`MEMORY ${JSON.stringify(process.memoryUsage())}`);
  });
  process.on('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
