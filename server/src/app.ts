import fs from 'node:fs';
import { queryOf } from './core/request';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { openDatabase } from '@psi/db/client';
import { runMigrations } from '@psi/db/migrate';
import { isSeeded, seed } from '@psi/db/seed';
import { registerAccessControl } from './core/access';
import type { AppContext, AppOptions } from './core/context';
import { registerErrorHandling } from './core/error-handler';
import { registerSchemaCompilers } from './core/schema';
import { registerOpenApi } from './core/openapi';
import { fixtureExamples } from './openapi-examples';
import { createTokenService } from './core/jwt';
import { GrantCache } from './core/grants';
import { AccessRevocation } from './core/revocation';
import { badRequest } from './core/errors';
import { registerJsonBody } from './core/json-body';
import { loggerOptions } from './core/logs';
import { registerSecurityHeaders, trustProxyOption } from './core/security-headers';
import { withSiteConfig, type SiteConfig } from './core/site';
import { DEFAULT_AVATAR } from './core/sign-in';
import { sm2KeysFor } from './modules/auth/sm2';
import { OPTIONAL_FEATURES } from '@psi/db/model';
import { registerFaults } from './faults/index';
import { modules } from './modules/index';
import { datedDemoLayer } from './seed/demo';
import { canResetDemo, demoTenants, refuseSessionsBeforeReset, snapshotDemo } from './seed/demo-reset';
import { largeLayer } from './seed/large';
import { recordedSeedOf } from './seed/recorded';

export type { AppOptions } from './core/context';

type ProxyAdmins = Awaited<ReturnType<typeof import('./proxy/index').registerProxy>>['admins'];

/**
 * Builds the whole server on one SQLite file: migrations applied (in one transaction), seed loaded
 * into an empty database, Blade modules under `/api`, the built web at `/`. Tests call it on a temp
 * directory and talk to it through `app.inject`.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logStream) : false,
    bodyLimit: 2 * 1024 * 1024,
    requestTimeout: 60_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // off unless TRUST_PROXY names the proxies in front: rate limits, lockout and logs see the peer
    trustProxy: trustProxyOption(options.trustProxy),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await registerSecurityHeaders(app);

  if (options.upstream) {
    // Proxy mode: a real Blade gateway answers /api, checked against the contract document; the
    // local modules and database stay off.
    const { registerProxy } = await import('./proxy/index');
    // faults before the proxy: one applies before a call is forwarded; the upstream says who is
    // super-admin (through the proxy's check, which knows the upstream's line)
    const admins: { of?: ProxyAdmins } = {};
    if (options.faults)
      registerFaults(app, {
        guard: (req) => admins.of?.check(req) ?? Promise.resolve('forbidden' as const),
        schemas: false,
      });
    const proxied = await registerProxy(app, { ...options, upstream: options.upstream });
    admins.of = proxied.admins;
    app.get('/healthz', { config: { access: 'public' } as never }, async () => ({
      status: 'ok',
      mode: 'proxy',
    }));
    await serveWeb(app, options, proxied.site);
    return app;
  }

  fs.mkdirSync(options.dataDir, { recursive: true });
  const handle = openDatabase(options.dbFile);
  runMigrations(handle.db);
  if (options.seed !== 'none' && !isSeeded(handle)) {
    seed(handle, options.seed ?? 'minimal', {
      demo: datedDemoLayer(options.demoToday),
      large: largeLayer,
      ...(options.recordedSeed ? { recorded: recordedSeedOf(options.recordedSeed, options.dataDir) } : {}),
    });
    // the state `pnpm demo:reset` and the super-admin's reset return to
    if (options.seed === 'demo') snapshotDemo(handle.sqlite, options.dataDir);
  }

  const ctx: AppContext = {
    sqlite: handle.sqlite,
    db: handle.db,
    tokens: createTokenService(options.jwtSecret),
    grants: new GrantCache(handle.sqlite),
    revocation: new AccessRevocation(handle.sqlite),
    options,
  };
  if (canResetDemo(options.dataDir)) refuseSessionsBeforeReset(ctx, options.dataDir);
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => handle.close());

  registerSchemaCompilers(app);
  registerErrorHandling(app);
  registerAccessControl(app);
  await app.register(cookie);
  await app.register(formbody);
  registerJsonBody(app);
  await app.register(rateLimit, { global: false });
  // uploads: one file per request, 10 MB at most; each route checks type and content itself
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 20 } });

  // Repeated query keys and NUL characters (no text search or SQLite string takes them) never reach
  // a handler (the JSON parser refuses __proto__ and constructor.prototype).
  app.addHook('preValidation', async (req) => {
    for (const [k, v] of Object.entries(queryOf(req))) {
      if (Array.isArray(v) || (typeof v === 'string' && v.includes('\u0000')))
        throw badRequest('paramType', { name: k });
    }
  });
  app.get('/healthz', { config: { access: 'public' } }, async () => {
    ctx.sqlite.prepare('SELECT 1').get();
    return { status: 'ok' };
  });

  await registerOpenApi(app, fixtureExamples);
  if (options.faults)
    registerFaults(app, {
      guard: async (req) => (!req.user ? 'anonymous' : req.user.isSuperAdmin ? 'allowed' : 'forbidden'),
      schemas: true,
    });
  await app.register(
    async (api) => {
      for (const module of modules) await api.register(module);
    },
    { prefix: '/api' },
  );

  await serveWeb(app, options);
  return app;
}

/**
 * The served settings of this server's own line: the line, on the public line the SM2 public key
 * passwords are encrypted with (a real SpringBlade does not serve it; its clients are configured
 * with it), and every optional part present (this server has them all).
 */
function ownLine(options: AppOptions): Omit<SiteConfig, 'switchMode'> {
  const line = options.line ?? 'bladex';
  return {
    line,
    ...(line === 'springblade'
      ? { sm2PublicKey: (options.sm2 ?? sm2KeysFor(options.dataDir)).publicKey }
      : {}),
    features: Object.fromEntries(Object.keys(OPTIONAL_FEATURES).map((f) => [f, true])),
  };
}

/** Vite's hashed build output: a file there never changes under its name. */
const HASHED_ASSETS = 'assets/';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The built web client at `/`, with the SPA's index.html (carrying the site configuration) for every
 * other non-API GET (in proxy mode with the upstream's settings). Files are sent as the build's brotli/gzip copies when the client accepts them
 * (`Content-Encoding`, `Vary: accept-encoding`); hashed assets are cached for a year, the rest revalidated.
 */
async function serveWeb(
  app: FastifyInstance,
  options: AppOptions,
  proxied?: () => Omit<SiteConfig, 'switchMode'>,
) {
  const dist = options.webDist;
  if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) return;
  await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true });
  const own = options.upstream ? {} : ownLine(options);
  app.get('/*', { config: { access: 'public' } }, async (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.callNotFound();
    const file = req.url.split('?')[0].replace(/^\/+/, '');
    if (
      file &&
      file !== 'index.html' &&
      !file.includes('..') &&
      fs.existsSync(path.join(dist, file)) &&
      fs.statSync(path.join(dist, file)).isFile()
    ) {
      // the default avatar is shown by clients on other origins too (a public client's dev proxy
      // hands out this server's absolute avatar URL): it is public, so it may be embedded anywhere
      if (`/${file}` === DEFAULT_AVATAR) reply.header('cross-origin-resource-policy', 'cross-origin');
      return file.startsWith(HASHED_ASSETS)
        ? reply.sendFile(file, { maxAge: ONE_YEAR_MS, immutable: true })
        : reply.sendFile(file, { maxAge: 0 });
    }
    // read on each request: a rebuilt web is served without restarting the server; the run-time
    // site configuration (switch mode) goes into its head
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const tenants = options.upstream ? [] : demoTenants(app.ctx.sqlite, options.dataDir);
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(
        withSiteConfig(html, {
          switchMode: options.switchMode ?? false,
          // proxy mode: the upstream's line, SM2 key and parts, as known at this request
          ...(proxied ? proxied() : own),
          ...(options.faults ? { faults: true } : {}),
          ...(tenants.length ? { demoTenants: tenants } : {}),
        }),
      );
  });
}
