import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FAULT_HEADER,
  SUPER_ADMIN_ROLE,
  faultResource,
  faultTexts,
  fill,
  messages,
  parseFaultHeader,
  parseIdList,
  submitSchema,
  type FaultRule,
  type Lang,
} from '@psi/db/model';
import { envelope, done, ok } from '../core/envelope';
import { langOf } from '../core/lang';
import { answers, idsBody, idsQuery, noQuery, submitBody } from '../core/route-schemas';
import { FaultBook, type FaultCall, type FaultInput } from './book';

/** Who may manage the rules: the platform super-admin, as each mode tells it. */
export type FaultGuard = (req: FastifyRequest) => Promise<'anonymous' | 'forbidden' | 'allowed'>;

const BASE = '/api/blade-develop/fault';

const faultRow = z.object({
  id: z.string(),
  source: z.enum(['rule', 'header']).describe('rule: added; header: faults asked for with Blade-Fault'),
  method: z.string(),
  path: z.string().describe('path pattern as API scopes write it: * one segment, /** everything below'),
  role: z.string().describe("role alias the caller must hold ('' any)"),
  account: z.string().describe("account the caller must be ('' any)"),
  effect: z.enum(['delay', 'status', 'expire', 'throttle', 'drop']),
  delayMs: z.number(),
  status: z.number(),
  retryAfter: z.number().describe('seconds, the retry-after of a throttle'),
  message: z.string(),
  times: z.number().describe('apply to this many calls (0: every call)'),
  percent: z.number().describe('share of the matching calls it applies to'),
  remaining: z.number().describe('calls it still applies to (-1: no limit)'),
  hits: z.number().describe('faults applied'),
  lastHit: z.string(),
  createTime: z.string(),
});

/**
 * Fault injection (`FAULTS=on` only): the `onRequest` hook that applies rules and the `Blade-Fault`
 * header to `/api` calls before anything else runs (in proxy mode, before forwarding), and the
 * super-admin's `/api/blade-develop/fault/list|submit|remove`. `schemas`: the routes carry zod
 * schemas (the local server, whose OpenAPI document then shows them); the proxy has no zod compiler.
 */
export function registerFaults(
  app: FastifyInstance,
  options: { guard: FaultGuard; schemas: boolean; book?: FaultBook },
): FaultBook {
  const book = options.book ?? new FaultBook();
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/') || path === BASE || path.startsWith(`${BASE}/`)) return;
    const lang = langOf(req);
    const asked = req.headers[FAULT_HEADER];
    const call = callOf(req, path.slice(4));
    let rule: FaultRule | null;
    if (typeof asked === 'string' && asked.trim()) {
      const spec = parseFaultHeader(asked);
      if (!spec)
        return reply
          .code(400)
          .send(
            envelope(400, {}, fill(faultTexts.headerNotUnderstood[lang], { value: asked.slice(0, 100) })),
          );
      rule = book.countHeader(asked, spec);
    } else rule = book.pick(call);
    if (!rule) return;
    req.log.warn(
      {
        fault: {
          rule: rule.id,
          source: rule.source,
          effect: rule.effect,
          method: req.method,
          path,
          account: call.account || null,
          hits: rule.hits,
        },
      },
      `fault injected: ${rule.effect} on ${req.method} ${path}`,
    );
    return apply(rule, req, reply, lang);
  });
  faultRoutes(app, book, options);
  return book;
}

/** Applies a fault: a delay lets the call go on, every other effect answers (or drops) it. */
async function apply(rule: FaultRule, req: FastifyRequest, reply: FastifyReply, lang: Lang) {
  switch (rule.effect) {
    case 'delay':
      await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
      return;
    case 'status':
      return reply
        .code(rule.status)
        .send(
          envelope(rule.status, {}, rule.message || fill(faultTexts.injected[lang], { status: rule.status })),
        );
    case 'expire':
      // as this server answers a token that has expired: the client must refresh through it
      return reply.code(401).send(envelope(401, {}, messages.unauthorized[lang]));
    case 'throttle':
      return reply
        .code(429)
        .header('retry-after', String(rule.retryAfter))
        .send(envelope(429, {}, rule.message || messages.tooManyRequests[lang]));
    case 'drop':
      reply.hijack();
      req.raw.socket?.destroy();
      reply.raw.destroy();
      return reply;
  }
}

/**
 * The caller a token names, read without checking its signature: a fault rule only chooses whom to
 * trouble, and the proxy holds no key to check an upstream's token with.
 */
function callOf(req: FastifyRequest, path: string): FaultCall {
  const call: FaultCall = { method: req.method, path, account: '', roles: [] };
  const header = req.headers['blade-auth'];
  const token = typeof header === 'string' ? header.trim().replace(/^bearer\s+/i, '') : '';
  const payload = token.split('.')[1];
  if (!payload) return call;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    call.account = typeof claims.account === 'string' ? claims.account : '';
    const roles = claims.role_name;
    call.roles = typeof roles === 'string' ? roles.split(',').map((r) => r.trim()) : [];
  } catch {
    // not a JWT: no caller to match
  }
  return call;
}

/** A refusal as the Blade envelope (sent here: the proxy has no error handler to throw to). */
const refuse = (reply: FastifyReply, code: number, msg: string) =>
  reply.code(code).send(envelope(code, {}, msg));

function faultRoutes(
  app: FastifyInstance,
  book: FaultBook,
  options: { guard: FaultGuard; schemas: boolean },
) {
  const { guard } = options;
  const config = { access: { role: [SUPER_ADMIN_ROLE] } };
  /** The platform super-admin only (tenant 000000, `administrator`); others get 401 or 403. */
  const admitted = async (req: FastifyRequest, reply: FastifyReply, lang: Lang) => {
    const verdict = await guard(req);
    if (verdict === 'anonymous') refuse(reply, 401, messages.unauthorized[lang]);
    else if (verdict === 'forbidden') refuse(reply, 403, messages.forbidden[lang]);
    return verdict === 'allowed';
  };
  const schema = <T>(s: T) => (options.schemas ? { schema: s } : {});

  app.get(
    `${BASE}/list`,
    { config, ...schema({ querystring: noQuery, response: answers.list(faultRow) }) },
    async (req, reply) => {
      const lang = langOf(req);
      if (!(await admitted(req, reply, lang))) return reply;
      return ok(book.list(), lang);
    },
  );

  app.post(
    `${BASE}/submit`,
    { config, ...schema({ body: submitBody(faultResource), response: answers.of(faultRow) }) },
    async (req, reply) => {
      const lang = langOf(req);
      if (!(await admitted(req, reply, lang))) return reply;
      const raw: unknown = req.body ?? {};
      const id =
        typeof raw === 'object' && raw && 'id' in raw ? String((raw as { id: unknown }).id ?? '') : '';
      const old = id ? book.rule(id) : undefined;
      if (id && !old) return refuse(reply, 400, faultTexts.notFound[lang]);
      const parsed = submitSchema(faultResource, lang, id ? 'edit' : 'add').safeParse(raw);
      if (!parsed.success) {
        const text = [...new Set(parsed.error.issues.map((i) => i.message))].join('; ');
        return refuse(reply, 400, text);
      }
      return ok(book.save(inputOf(parsed.data, old), old?.id), lang);
    },
  );

  app.post(
    `${BASE}/remove`,
    { config, ...schema({ querystring: idsQuery, body: idsBody, response: answers.done() }) },
    async (req, reply) => {
      const lang = langOf(req);
      if (!(await admitted(req, reply, lang))) return reply;
      const body: unknown = req.body;
      const fromBody =
        typeof body === 'object' && body && 'ids' in body ? (body as { ids: unknown }).ids : undefined;
      const query: unknown = req.query;
      const fromQuery =
        typeof query === 'object' && query && 'ids' in query ? (query as { ids: unknown }).ids : undefined;
      const raw = fromQuery ?? fromBody;
      const ids = raw === undefined || raw === '' ? null : parseIdList(raw);
      if (!ids) {
        const key = raw === undefined || raw === '' ? 'paramMissing' : 'paramType';
        return refuse(reply, 400, fill(messages[key][lang], { name: 'ids' }));
      }
      book.remove(ids);
      return done(lang);
    },
  );
}

/** The parsed form as a rule's settings, over the rule it edits (or the declared defaults). */
function inputOf(values: Record<string, unknown>, old: FaultRule | undefined): FaultInput {
  const start: Partial<Record<string, unknown>> = { ...old };
  const value = (name: keyof FaultInput): string | number => {
    const fallback = faultResource.fields.find((f) => f.name === name)?.defaultValue ?? '';
    // sent: its value, sent empty (null): cleared to the default; left out: the edited rule's
    const v = name in values ? (values[name] ?? fallback) : (start[name] ?? fallback);
    return typeof v === 'string' ? v.trim() : Number(v);
  };
  const text = (name: keyof FaultInput) => String(value(name));
  const num = (name: keyof FaultInput) => Number(value(name));
  return {
    method: text('method') as FaultInput['method'],
    path: text('path'),
    role: text('role'),
    account: text('account'),
    effect: text('effect') as FaultInput['effect'],
    delayMs: num('delayMs'),
    status: num('status'),
    retryAfter: num('retryAfter'),
    message: text('message'),
    times: num('times'),
    percent: num('percent'),
  };
}
