/**
 * The bell's API: `notice/inbox` (待办, 消息, 通知 of the caller), read marks, and the live stream
 * `notice/stream` (server-sent events, signed in by the `Blade-Auth` header like every call). The zod
 * schemas below are the routes' contract; the handlers validate with them.
 */
import type { FastifyInstance } from 'fastify';
import sse from '@fastify/sse';
import { z } from 'zod';
import { ID_TEXT, idNumberWire, inboxItemSchema, inboxListSchema, parseId } from '@psi/db/model';
import type { SessionUser } from '../../core/context';
import { ok } from '../../core/envelope';
import { eventStreamAnswer, formBody, missingOrType, noQuery } from '../../core/route-schemas';
import { typed } from '../../core/schema';
import { coalesce, liveHubOf, type LiveEvent } from '../../core/live';
import { actorOf } from '../../core/crud';
import { inboxOf, markRead, messageOf, type InboxItem } from './inbox';
import { readerOf, type Reader } from './reader';

/** Heartbeat comments keep proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

const inboxQuerySchema = z.object({
  current: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31)
    .default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

const readTab = z.enum(['message', 'notice'], { error: missingOrType });
/** A record id as the document shows every id (`ID_TEXT`, or a whole number), read as its digits. */
const idText = z
  .union([z.string().regex(new RegExp(ID_TEXT)), idNumberWire()], { error: 'paramType' })
  .transform((v, ctx) => parseId(v) ?? (ctx.addIssue({ code: 'custom', message: 'paramType' }), z.NEVER));

const readBodySchema = formBody({
  tab: readTab,
  ids: z.array(idText, { error: missingOrType }).min(1, 'paramType').max(500, 'paramType'),
});
const readAllBodySchema = formBody({ tab: readTab });

const itemSchema = inboxItemSchema;
const listSchema = inboxListSchema;
const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), success: z.boolean(), data, msg: z.string() });

export const inboxResponseSchema = envelopeOf(
  z.object({ todo: listSchema, message: listSchema, notice: listSchema }),
);
const readResponseSchema = envelopeOf(z.object({ changed: z.number() }));
/** The `data` of a stream event `inbox`: the tabs that changed and the new 消息 for a toast. */
export const streamEventSchema = z.object({
  tabs: z.array(z.enum(['todo', 'message', 'notice'])),
  messages: z.array(itemSchema),
});

/** Whether an outbox row concerns a reader: same tenant, and its role and scope (DOMAIN.md 3.8). */
function concerns(reader: Reader, e: LiveEvent): boolean {
  const { user, psi } = reader;
  if (e.tenantId !== user.tenantId) return false;
  switch (e.audience) {
    case 'tenant':
      return true;
    case 'platform':
      return psi.kind === 'platform';
    case 'depository':
      return psi.kind === 'depository' && psi.depositoryIds.includes(e.target);
    case 'school':
      return psi.kind === 'school' && psi.schoolId === e.target;
    case 'user':
      return e.target === user.userId;
    case 'flow': {
      const [assignee, users = '', groups = ''] = e.target.split('|');
      return (
        assignee === user.userId ||
        users.split(',').includes(user.userId) ||
        groups.split(',').some((g) => g !== '' && user.roleAliases.includes(g))
      );
    }
    default:
      return false;
  }
}

export async function registerNoticeLive(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  const hub = liveHubOf(sqlite);
  await app.register(sse, { heartbeatInterval: HEARTBEAT_MS });
  // streams end before the server stops listening, so shutdown never waits on them
  app.addHook('preClose', async () => hub.closeAll());

  const api = typed(app);
  api.get(
    '/blade-desk/notice/inbox',
    {
      config: { access: 'user' },
      schema: { querystring: inboxQuerySchema, response: { 200: inboxResponseSchema } },
    },
    async (req) => ok(inboxOf(sqlite, readerOf(sqlite, actorOf(req)), req.lang, req.query), req.lang),
  );

  api.post(
    '/blade-desk/notice/inbox/read',
    { config: { access: 'user' }, schema: { body: readBodySchema, response: { 200: readResponseSchema } } },
    async (req) => ok({ changed: markRead(sqlite, actorOf(req), req.body.tab, req.body.ids) }, req.lang),
  );

  api.post(
    '/blade-desk/notice/inbox/read-all',
    {
      config: { access: 'user' },
      schema: { body: readAllBodySchema, response: { 200: readResponseSchema } },
    },
    async (req) => ok({ changed: markRead(sqlite, actorOf(req), req.body.tab, null) }, req.lang),
  );

  // opening a notice (its detail, whichever screen asks) marks it read for the reader
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (req.method === 'GET' && req.user && req.routeOptions.url?.endsWith('/blade-desk/notice/detail')) {
      const p = payload as { success?: boolean; data?: { id?: unknown } } | null;
      if (p?.success && typeof p.data?.id === 'string') markRead(sqlite, req.user, 'notice', [p.data.id]);
    }
    return payload;
  });

  app.get(
    '/blade-desk/notice/stream',
    {
      sse: { kind: 'only' },
      config: { access: 'user' },
      schema: {
        querystring: noQuery,
        response: eventStreamAnswer(
          'events `ready` ({position, resumed}) and `inbox` (the tabs that changed and new messages); send Last-Event-ID to resume',
        ),
      },
    },
    async (req, reply) => {
      const user: SessionUser = actorOf(req);
      const reader = readerOf(sqlite, user);
      const lang = req.lang;
      const rawLast = req.headers['last-event-id'];
      const last = typeof rawLast === 'string' && /^\d{1,15}$/.test(rawLast.trim()) ? Number(rawLast) : null;

      const payloadOf = (events: LiveEvent[]) => {
        const tabs = [...new Set(events.map((e) => e.tab))] as ('todo' | 'message' | 'notice')[];
        const messages = events
          .filter((e) => e.messageId !== null)
          .map((e) => messageOf(sqlite, user, e.messageId!, lang))
          .filter((m): m is InboxItem => m !== null);
        return { tabs, messages };
      };
      const push = (id: number, event: string, data: unknown) => {
        if (reply.sse.isConnected)
          void reply.sse.send({ id: String(id), event, data }).catch(() => undefined);
      };

      reply.sse.keepAlive();
      const sub = {
        userId: user.userId,
        matches: (e: LiveEvent) => concerns(reader, e),
        deliver: (events: LiveEvent[], upTo: number) => push(upTo, 'inbox', payloadOf(events)),
        close: () => {
          hub.remove(sub);
          reply.sse.close();
        },
      };
      reply.sse.onClose(() => hub.remove(sub));
      // replay and subscription happen in one tick: no poll can slip between them
      hub.add(sub);
      const position = hub.position;
      const resumable = last !== null && last <= position && last >= hub.oldestId() - 1;
      push(position, 'ready', { position, resumed: resumable });
      if (resumable) {
        const missed = coalesce(hub.since(last!, position)).filter(sub.matches);
        if (missed.length) push(position, 'inbox', payloadOf(missed));
      }
    },
  );
}
