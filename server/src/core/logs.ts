import os from 'node:os';
import { bodyOf, queryOf } from './request';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatDateTime, messages, nextId } from '@psi/db/model';
import { prepare } from './data';

/**
 * The server's own logs (Blade's blade_log_api, blade_log_error, blade_log_usual): who called which
 * write endpoint with what (secrets redacted) and how long it took, every server error, and the
 * significant events other code reports through `usualLog`.
 */

const HOST = os.hostname();
const SERVER_IP =
  Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address ?? '127.0.0.1';
const ENV = process.env.NODE_ENV || 'production';
const MAX_PARAMS = 4000;

/**
 * Keys whose values never reach a log: passwords (also as md5), secrets, access and refresh tokens
 * (`blade-auth`), captcha answers and keys, client credentials.
 */
const SECRET_KEY =
  /pass(word)?|secret|token|captcha|authori[sz]ation|blade-auth|accesskey|credential|^(code|key)$/i;

const MASK = '******';

/**
 * Secrets recognised by their shape inside any text (a message, a stack, a URL, an uploaded client
 * log): JSON web tokens, `bearer …` and `basic …` credentials, and secret query parameters.
 */
const SECRET_TEXT: [RegExp, string | ((...m: string[]) => string)][] = [
  [/eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/g, MASK],
  [/\b(bearer|basic)(\s+|%20|\+)[\w+/=.~-]{8,}/gi, (_m, kind: string, gap: string) => `${kind}${gap}${MASK}`],
  [
    /([?&;](?:[\w-]*(?:pass(?:word)?|secret|token|captcha|blade-auth|authori[sz]ation)[\w-]*|code|key)=)[^&#\s"']*/gi,
    (_m, name: string) => `${name}${MASK}`,
  ],
];

/** A text with every secret it carries (by shape) replaced by `******`. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT)
    out = out.replace(pattern, replacement as (substring: string, ...args: string[]) => string);
  return out;
}

/** A copy of request data with every secret value replaced by `******` (objects and arrays walked). */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = SECRET_KEY.test(k) ? MASK : redact(v, depth + 1);
    }
    return out;
  }
  if (typeof value === 'string') return scrubText(value.length > 1000 ? `${value.slice(0, 1000)}…` : value);
  return value;
}

function paramsOf(req: FastifyRequest): string {
  const query = queryOf(req);
  const body = req.isMultipart() ? undefined : req.body;
  const data: Record<string, unknown> = { ...query };
  if (body !== undefined && body !== null) data.body = body;
  const text = JSON.stringify(redact(data)) ?? '';
  return text.length > MAX_PARAMS ? `${text.slice(0, MAX_PARAMS)}…` : text;
}

/**
 * The request log's options (pino): header secrets redacted by path, and the URL, which may carry
 * a download's `?blade-auth=`, scrubbed. `stream` sends it elsewhere than stdout.
 */
export function loggerOptions(stream?: NodeJS.WritableStream) {
  return {
    level: 'info',
    ...(stream ? { stream } : {}),
    redact: [
      'req.headers.authorization',
      'req.headers["blade-auth"]',
      'req.headers["captcha-code"]',
      'req.headers["captcha-key"]',
      '*.password',
    ],
    serializers: {
      req(req: { method: string; url: string; hostname?: string; ip?: string }) {
        return { method: req.method, url: scrubText(req.url), host: req.hostname, remoteAddress: req.ip };
      },
      err(err: Error & { code?: string; statusCode?: number }) {
        return {
          type: err.name,
          code: err.code,
          statusCode: err.statusCode,
          message: scrubText(String(err.message ?? '')),
          stack: scrubText(String(err.stack ?? '')),
        };
      },
    },
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The tenant and account of a request: the signed-in user's, else what a sign-in names. */
function whoOf(req: FastifyRequest): { tenantId: string; account: string } {
  if (req.user) return { tenantId: req.user.tenantId, account: req.user.account };
  const q = queryOf(req);
  const b = bodyOf(req);
  const tenantId = str(req.headers['tenant-id']) || str(q.tenantId) || str(b.tenantId) || '000000';
  return { tenantId: tenantId.slice(0, 12), account: (str(q.username) || str(b.username)).slice(0, 64) };
}

function base(req: FastifyRequest) {
  const path = req.url.split('?')[0];
  const segments = path.split('/').filter(Boolean);
  const service = segments[0] === 'api' ? segments[1] : segments[0];
  const who = whoOf(req);
  return {
    id: BigInt(nextId()),
    tenantId: who.tenantId,
    serviceId: service ?? '',
    serverHost: HOST,
    serverIp: SERVER_IP,
    env: ENV,
    method: req.method,
    requestUri: scrubText(path.slice(0, 1000)),
    userAgent: str(req.headers['user-agent']).slice(0, 1000),
    remoteIp: req.ip,
    methodClass: req.routeOptions.url ?? '',
    methodName: segments[segments.length - 1] ?? '',
    params: paramsOf(req),
    createBy: who.account,
    createTime: formatDateTime(),
  };
}

const COLUMNS = `id, tenant_id, service_id, server_host, server_ip, env, method, request_uri, user_agent, remote_ip,
  method_class, method_name, params, create_by, create_time`;
const values = (b: ReturnType<typeof base>) => [
  b.id,
  b.tenantId,
  b.serviceId,
  b.serverHost,
  b.serverIp,
  b.env,
  b.method,
  b.requestUri,
  b.userAgent,
  b.remoteIp,
  b.methodClass,
  b.methodName,
  b.params,
  b.createBy,
  b.createTime,
];
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * A significant event (sign-in, lockout, approval …) in blade_log_usual: `id` names the event
 * (`login`, `lockout`, `user.approve`), `data` says what happened (kept as JSON, secrets redacted).
 * Logging never fails the caller's request.
 */
export function usualLog(
  app: FastifyInstance,
  req: FastifyRequest,
  level: 'info' | 'warn' | 'error',
  id: string,
  data: unknown,
): void {
  try {
    const b = base(req);
    const logData = JSON.stringify(redact(data)) ?? '';
    prepare(
      app.ctx.sqlite,
      `INSERT INTO blade_log_usual (${COLUMNS}, time, log_level, log_id, log_data) VALUES (${marks(19)})`,
    ).run(...values(b), b.createTime, level, id.slice(0, 100), logData.slice(0, 20000));
  } catch (err) {
    req.log.error({ err }, 'usual log not written');
  }
}

/** A server error (HTTP 500) in blade_log_error, with its stack: the client only sees `服务器异常`. */
export function errorLog(app: FastifyInstance, req: FastifyRequest, error: unknown): void {
  try {
    const b = base(req);
    const err = error instanceof Error ? error : new Error(String(error));
    const at = /\((.*):(\d+):\d+\)/.exec(err.stack?.split('\n')[1] ?? '');
    prepare(
      app.ctx.sqlite,
      `INSERT INTO blade_log_error (${COLUMNS}, time, stack_trace, exception_name, message, file_name, line_number)
       VALUES (${marks(21)})`,
    ).run(
      ...values(b),
      '',
      scrubText((err.stack ?? '').slice(0, 20000)),
      err.name.slice(0, 255),
      scrubText(err.message.slice(0, 4000)),
      (at?.[1] ?? '').slice(0, 1000),
      at ? Number(at[2]) : null,
    );
  } catch (err) {
    req.log.error({ err }, 'error log not written');
  }
}

const TOKEN_ROUTES = new Set(['/api/blade-auth/oauth/token', '/api/blade-auth/oauth/token/refresh']);
const LOCK_AFTER = 5;

/**
 * After every response: api logs for the write calls of signed-in users (POST/PUT/DELETE with
 * their redacted parameters and the time taken), and usual logs for sign-ins and lockouts, which
 * the token endpoint reports through its status.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  // a refused sign-in of an account that is already locked is not a new lockout
  const alreadyLocked = new WeakSet<FastifyRequest>();
  const lockedTexts = [messages.userLocked.zh, messages.userLocked.en];
  app.addHook('onSend', async (req, reply, payload) => {
    if (
      req.routeOptions.url === '/api/blade-auth/oauth/token' &&
      reply.statusCode !== 200 &&
      typeof payload === 'string' &&
      lockedTexts.some((text) => payload.includes(text))
    )
      alreadyLocked.add(req);
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (!route || !route.startsWith('/api/') || req.method === 'GET' || req.method === 'HEAD') return;
    if (TOKEN_ROUTES.has(route)) {
      if (route !== '/api/blade-auth/oauth/token') return;
      const q = queryOf(req);
      const b = bodyOf(req);
      const grant = str(q.grant_type) || str(b.grant_type);
      if (grant !== 'password' && grant !== 'captcha') return;
      const who = whoOf(req);
      if (reply.statusCode === 200) {
        usualLog(app, req, 'info', 'login', { ...who, grant, ip: req.ip });
      } else if (who.account && !alreadyLocked.has(req)) {
        const row = prepare<{ n: bigint }, [string, string]>(
          app.ctx.sqlite,
          'SELECT fail_count AS n FROM blade_login_failure WHERE tenant_id = ? AND account = ?',
        ).get(who.tenantId, who.account);
        if (row && Number(row.n) === LOCK_AFTER)
          usualLog(app, req, 'warn', 'lockout', { ...who, failures: LOCK_AFTER, ip: req.ip });
      }
      return;
    }
    if (!req.user) return;
    try {
      const b = base(req);
      queueApiLog(app, [
        ...values(b),
        String(Math.round(reply.elapsedTime)),
        reply.statusCode < 400 ? '1' : '2',
        route,
      ]);
    } catch (err) {
      req.log.error({ err }, 'api log not written');
    }
  });
  app.addHook('onClose', async () => flushApiLogs(app));
}

interface ApiLogQueue {
  rows: unknown[][];
  timer: NodeJS.Timeout | null;
}

const queues = new WeakMap<object, ApiLogQueue>();
const FLUSH_MS = 250;
const FLUSH_ROWS = 200;

/**
 * Api log rows are written in batches (one transaction every 250 ms or 200 rows), so that logging a
 * write does not add a second durable commit to every write request.
 */
function queueApiLog(app: FastifyInstance, row: unknown[]): void {
  let queue = queues.get(app.ctx);
  if (!queue) queues.set(app.ctx, (queue = { rows: [], timer: null }));
  queue.rows.push(row);
  if (queue.rows.length >= FLUSH_ROWS) flushApiLogs(app);
  else if (!queue.timer) {
    queue.timer = setTimeout(() => flushApiLogs(app), FLUSH_MS);
    queue.timer.unref();
  }
}

/** Writes the queued api logs now (the log list calls it, so that a reader sees every logged call). */
export function flushApiLogs(app: FastifyInstance): void {
  const queue = queues.get(app.ctx);
  if (!queue) return;
  if (queue.timer) clearTimeout(queue.timer);
  queue.timer = null;
  const rows = queue.rows.splice(0);
  if (!rows.length || !app.ctx.sqlite.open) return;
  try {
    const insert = prepare(
      app.ctx.sqlite,
      `INSERT INTO blade_log_api (${COLUMNS}, time, type, title) VALUES (${marks(18)})`,
    );
    app.ctx.sqlite.transaction(() => {
      for (const row of rows) insert.run(...row);
    })();
  } catch (err) {
    app.log.error({ err }, 'api logs not written');
  }
}
