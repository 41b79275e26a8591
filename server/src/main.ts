import { buildApp } from './app';
import { configFromEnv } from './config';
import { readyLine } from './ready';
import { demoTenants } from './seed/demo-reset';

/** Starts the server; SIGTERM/SIGINT stop accepting, drain in-flight requests and close the database. */
async function main() {
  const config = configFromEnv();
  const app = await buildApp(config);
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // keep-alive connections that were busy when closing began become idle once their answer is
    // sent: close those as they free up, so in-flight requests drain and the close does not wait
    // for the keep-alive timeout
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    idle.unref();
    await app.close();
    clearInterval(idle);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const tenants = config.upstream ? [] : demoTenants(app.ctx.sqlite, config.dataDir);
  console.log(readyLine({ ...config, demoTenants: tenants }));
  // what a developer pastes into the public Saber (website.js) or Sword (defaultSettings.js) settings
  if (config.sm2) console.log(`SM2 public key (auth.publicKey of Saber and Sword): ${config.sm2.publicKey}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
