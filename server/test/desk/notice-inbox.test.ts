import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from '../helpers';
import { as, Client, demoApp, goodsId, one, schoolId } from '../psi/helpers';
import { inboxResponseSchema, streamEventSchema } from '../../src/modules/desk/notice-live';

/**
 * The bell (`/blade-desk/notice/inbox` and `/stream`) on the demo data: each role's lists and counts,
 * read marks, tenant and scope filtering of the live stream, and no event for a rolled-back change.
 */
let app: FastifyInstance;
let base: string;
let pt: Client;
let mingde: Client;
let qizhi: Client;
let ckjx: Client;
let ckxz: Client;
let pt2: Client;

const term = '2025-2026-1';

interface Item {
  id: string;
  kind: string;
  title: string;
  docNo: string;
  route: string;
  read: boolean;
}
interface List {
  total: number;
  unread: number;
  records: Item[];
}
type Inbox = Record<'todo' | 'message' | 'notice', List>;

async function inbox(
  c: Client,
  query: Record<string, string> = { size: '100' },
  lang?: 'en',
): Promise<Inbox> {
  const res = await call(app, c.token, {
    method: 'GET',
    url: '/api/blade-desk/notice/inbox',
    query,
    headers: lang ? { 'accept-language': lang } : {},
  });
  expect(res.statusCode).toBe(200);
  const body = inboxResponseSchema.parse(res.json());
  return body.data as Inbox;
}

async function desk(c: Client, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await call(app, c.token, {
    method,
    url: `/api/blade-desk/${url}`,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, ...(res.json() as { success: boolean; data: unknown; msg: string }) };
}

interface StreamEvent {
  id: string;
  event: string;
  data: unknown;
}

/** A live stream read with fetch, as the web reads it (the token in the Blade-Auth header). */
async function openStream(c: Client, lastEventId?: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/blade-desk/notice/stream`, {
    headers: {
      'blade-auth': `bearer ${c.token}`,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: ctrl.signal,
  });
  const events: StreamEvent[] = [];
  let ended = false;
  const done = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const e: StreamEvent = { id: '', event: 'message', data: null };
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) e.id = line.slice(4);
          else if (line.startsWith('event: ')) e.event = line.slice(7);
          else if (line.startsWith('data: ')) e.data = JSON.parse(line.slice(6));
        }
        if (block.split('\n').some((l) => !l.startsWith(':'))) events.push(e);
      }
    }
  })()
    .catch(() => undefined)
    .finally(() => (ended = true));
  const waitFor = async (pred: (e: StreamEvent) => boolean, ms = 2000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const hit = events.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    return null;
  };
  await waitFor((e) => e.event === 'ready');
  return {
    res,
    events,
    waitFor,
    ended: () => ended,
    close: async () => {
      ctrl.abort();
      await done;
    },
    inboxEvents: () => events.filter((e) => e.event === 'inbox').map((e) => streamEventSchema.parse(e.data)),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 700));

beforeAll(async () => {
  app = await demoApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  [pt, mingde, qizhi, ckjx, ckxz, pt2] = await Promise.all(
    ['pt_admin', 'xx_mingde', 'xx_qizhi', 'ck_jx', 'ck_xz', 'pt_admin2'].map((a) => as(app, a)),
  );
});
afterAll(async () => {
  await app.close();
});

describe('what each role sees', () => {
  it('the demo leaves each role something in each tab', async () => {
    for (const c of [pt, ckjx, qizhi, pt2]) {
      const box = await inbox(c);
      expect(box.todo.total).toBeGreaterThan(0);
      expect(box.message.unread).toBeGreaterThan(0);
      expect(box.notice.unread).toBeGreaterThan(0);
    }
  });

  it('the platform admin: orders and receipts awaiting audit or storage, counted from the live data', async () => {
    const box = await inbox(pt);
    const pending = one<{ n: number }>(
      app,
      `SELECT COUNT(*) AS n FROM psi_purchase_order_yypt WHERE tenant_id = '100001' AND is_deleted = 0 AND order_status = 1`,
    ).n;
    const audits = box.todo.records.filter((r) => r.kind === 'yyptAudit');
    expect(pending).toBeGreaterThan(0);
    expect(audits).toHaveLength(pending);
    expect(audits[0].route).toMatch(/^\/psi\/purchaseorderyypt\/index\?id=\d+$/);
    expect(box.todo.records.some((r) => r.kind === 'purchaseStorage')).toBe(true);
    expect(box.todo.total).toBe(box.todo.records.length);
    expect(box.todo.unread).toBe(box.todo.total);
    // the depository's returned order reaches the admin who approved it
    expect(box.message.records.some((r) => r.kind === 'orderReturned')).toBe(true);
  });

  it('a depository admin: only its own depository', async () => {
    const jx = await inbox(ckjx);
    const xz = await inbox(ckxz);
    const d01 = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_depository_info WHERE tenant_id = '100001' AND depository_code = 'D01'`,
    ).id;
    const openHere = one<{ n: number }>(
      app,
      `SELECT COUNT(*) AS n FROM psi_purchase_order_depository WHERE tenant_id = '100001' AND is_deleted = 0 AND order_status = 1 AND depository_id = ?`,
      BigInt(d01),
    ).n;
    expect(jx.todo.records.filter((r) => r.kind === 'depositoryAccept')).toHaveLength(openHere);
    const mine = new Set(jx.todo.records.map((r) => r.id));
    expect(xz.todo.records.some((r) => r.kind === 'depositoryAccept' && mine.has(r.id))).toBe(false);
    expect(jx.todo.records.some((r) => r.kind === 'yyptAudit')).toBe(false);
    expect(jx.message.records.some((r) => r.kind.startsWith('purchase'))).toBe(true);
  });

  it('a school admin: its messages, and a balance that does not cover its open orders', async () => {
    const box = await inbox(mingde);
    expect(box.message.records.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['orderApproved', 'accountDebited', 'orderDelivered']),
    );
    expect(box.todo.records.some((r) => r.kind === 'yyptAudit')).toBe(false);
    const short = await inbox(qizhi);
    expect(short.todo.records.map((r) => r.kind)).toContain('balanceShort');
    const en = await inbox(qizhi, { size: '100' }, 'en');
    expect(en.todo.records.find((r) => r.kind === 'balanceShort')!.title).toMatch(/^Balance /);
  });

  it('pages each list and refuses bad page parameters with a clear message', async () => {
    const page = await inbox(pt, { current: '2', size: '1' });
    const all = await inbox(pt);
    expect(page.todo.records).toHaveLength(1);
    expect(page.todo.records[0].id).toBe(all.todo.records[1].id);
    expect(page.todo.total).toBe(all.todo.total);
    const bad = await call(app, pt.token, {
      method: 'GET',
      url: '/api/blade-desk/notice/inbox',
      query: { size: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 400, msg: '请求参数格式错误: size' });
    const anon = await app.inject({ method: 'GET', url: '/api/blade-desk/notice/inbox' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('read marks', () => {
  it('marks one message, then all, and never another user’s', async () => {
    const before = await inbox(mingde);
    expect(before.message.unread).toBeGreaterThan(1);
    const first = before.message.records[0];
    const foreign = (await inbox(qizhi)).message.records[0];
    const r = await desk(mingde, 'POST', 'notice/inbox/read', {
      tab: 'message',
      ids: [first.id, foreign.id],
    });
    expect(r.data).toEqual({ changed: 1 });
    const after = await inbox(mingde);
    expect(after.message.unread).toBe(before.message.unread - 1);
    expect(after.message.records.find((x) => x.id === first.id)!.read).toBe(true);
    expect((await inbox(qizhi)).message.unread).toBeGreaterThan(0);
    await desk(mingde, 'POST', 'notice/inbox/read-all', { tab: 'message' });
    expect((await inbox(mingde)).message.unread).toBe(0);
  });

  it('refuses a bad body in the envelope', async () => {
    const r = await desk(mingde, 'POST', 'notice/inbox/read', { tab: 'todo', ids: ['1'] });
    expect(r).toMatchObject({ status: 400, success: false, msg: '请求参数格式错误: tab' });
    const r2 = await desk(mingde, 'POST', 'notice/inbox/read', { tab: 'message', ids: ['x'] });
    expect(r2).toMatchObject({ status: 400, success: false });
    const r3 = await desk(mingde, 'POST', 'notice/inbox/read', { tab: 'message' });
    expect(r3).toMatchObject({ status: 400, msg: '缺少必要的请求参数: ids' });
  });

  it('a published notice is unread for each tenant user until its detail is opened', async () => {
    const before = await inbox(mingde);
    const published = await desk(pt, 'POST', 'notice/submit', {
      title: '秋季教材征订开始',
      category: 1,
      releaseTime: '2025-08-20 09:00:00',
      content: '请各校按时提交征订单',
    });
    expect(published.success).toBe(true);
    const after = await inbox(mingde);
    expect(after.notice.unread).toBe(before.notice.unread + 1);
    const item = after.notice.records.find((r) => r.title === '秋季教材征订开始')!;
    expect(item.read).toBe(false);
    // another tenant never sees it
    expect((await inbox(pt2)).notice.records.some((r) => r.title === '秋季教材征订开始')).toBe(false);
    const detail = await desk(mingde, 'GET', `notice/detail?id=${item.id}`);
    expect(detail.success).toBe(true);
    const read = await inbox(mingde);
    expect(read.notice.unread).toBe(before.notice.unread);
    expect(read.notice.records.find((r) => r.id === item.id)!.read).toBe(true);
    // the reader's mark is the reader's only
    expect((await inbox(qizhi)).notice.records.find((r) => r.id === item.id)!.read).toBe(false);
    await desk(qizhi, 'POST', 'notice/inbox/read-all', { tab: 'notice' });
    expect((await inbox(qizhi)).notice.unread).toBe(0);
  });
});

describe('the live stream', () => {
  it('needs a token in the Blade-Auth header', async () => {
    const res = await fetch(`${base}/api/blade-desk/notice/stream`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
  });

  it('pushes a school’s order to the platform only, and its approval to that school only', async () => {
    const sPt = await openStream(pt);
    const sMingde = await openStream(mingde);
    const sQizhi = await openStream(qizhi);
    const sPt2 = await openStream(pt2);
    const sXz = await openStream(ckxz);
    expect(sPt.res.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const order = await mingde.ok<{ id: string; orderNo: string }>(
      'purchasedetailyypt/submitPurchaseOrderYypt',
      {
        term,
        details: [{ goodsId: goodsId(app, 'G01'), quantity: 2 }],
      },
    );
    const todo = await sPt.waitFor(
      (e) => e.event === 'inbox' && (e.data as { tabs: string[] }).tabs.includes('todo'),
    );
    expect(todo).not.toBeNull();
    expect(
      (await inbox(pt)).todo.records.some(
        (r) => r.kind === 'yyptAudit' && r.route.endsWith(`id=${order.id}`),
      ),
    ).toBe(true);

    await pt.ok('purchaseorderyypt/approveAudit', { id: order.id, pass: true });
    const msg = await sMingde.waitFor(
      (e) =>
        e.event === 'inbox' &&
        (e.data as { messages: Item[] }).messages.some((m) => m.kind === 'orderApproved'),
    );
    expect(msg).not.toBeNull();
    const approved = (msg!.data as { messages: Item[] }).messages.find((m) => m.kind === 'orderApproved')!;
    expect(approved.title).toContain(order.orderNo);
    // the school opens it under 学校订书, the one list of its orders its menu has
    expect(approved.route).toBe(`/psi/order_s/index?id=${order.id}`);

    await settle();
    // another school, another tenant and a depository that does not serve the order heard nothing
    expect(sQizhi.inboxEvents()).toEqual([]);
    expect(sPt2.inboxEvents()).toEqual([]);
    expect(sXz.inboxEvents()).toEqual([]);
    // the platform admin never receives the school's messages
    expect(sPt.inboxEvents().flatMap((e) => e.messages)).toEqual([]);
    await Promise.all([sPt, sMingde, sQizhi, sPt2, sXz].map((s) => s.close()));
  });

  it('sends nothing for a rolled-back change', async () => {
    const sPt = await openStream(pt);
    const sMingde = await openStream(mingde);
    const sqlite = app.ctx.sqlite;
    const zd = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_purchase_order_yypt WHERE tenant_id = '100001' AND order_status = 1 AND school_id = ? LIMIT 1`,
      BigInt(schoolId(app, 'SC01')),
    ).id;
    const messages = one<{ n: number }>(app, 'SELECT COUNT(*) AS n FROM blade_notice_message').n;
    expect(() =>
      sqlite.transaction(() => {
        sqlite.prepare('UPDATE psi_purchase_order_yypt SET order_status = 2 WHERE id = ?').run(BigInt(zd));
        throw new Error('the approval failed half way');
      })(),
    ).toThrow('half way');
    await settle();
    expect(sPt.inboxEvents()).toEqual([]);
    expect(sMingde.inboxEvents()).toEqual([]);
    expect(one<{ n: number }>(app, 'SELECT COUNT(*) AS n FROM blade_notice_message').n).toBe(messages);
    await Promise.all([sPt.close(), sMingde.close()]);
  });

  it('starts afresh on a Last-Event-ID it cannot resume from', async () => {
    for (const bad of ['abc', '-1', '99999999999999']) {
      const s = await openStream(mingde, bad);
      const ready = s.events.find((e) => e.event === 'ready');
      expect(ready?.data).toMatchObject({ resumed: false });
      await s.close();
    }
  });

  it('resumes from Last-Event-ID with what it missed', async () => {
    const first = await openStream(mingde);
    const ready = first.events.find((e) => e.event === 'ready')!;
    await first.close();
    await call(app, pt.token, {
      method: 'POST',
      url: '/api/blade-psi/accountstatement/recharge',
      payload: { schoolId: schoolId(app, 'SC01'), amount: '100.00', payMethod: 1, voucherNo: 'RESUME-1' },
    });
    const resumed = await openStream(mingde, ready.id);
    const replay = await resumed.waitFor((e) => e.event === 'inbox');
    expect(replay).not.toBeNull();
    expect((replay!.data as { messages: Item[] }).messages.map((m) => m.kind)).toContain('accountRecharged');
    await resumed.close();
  });

  it('keeps a bounded number of streams per user and ends them on sign-out', async () => {
    const streams = [];
    for (let i = 0; i < 6; i++) streams.push(await openStream(ckjx));
    await settle();
    expect(streams[0].ended()).toBe(true);
    expect(streams.slice(1).every((s) => !s.ended())).toBe(true);
    await call(app, ckjx.token, { method: 'GET', url: '/api/blade-auth/oauth/logout' });
    await settle();
    expect(streams.every((s) => s.ended())).toBe(true);
  });

  it('ends open streams when the server shuts down, without waiting for them', async () => {
    const other = await testApp();
    await other.listen({ port: 0, host: '127.0.0.1' });
    const addr = other.server.address();
    const { token } = await login(other);
    const res = await fetch(
      `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/blade-desk/notice/stream`,
      {
        headers: { 'blade-auth': `bearer ${token}`, accept: 'text/event-stream' },
      },
    );
    const reader = res.body!.getReader();
    await reader.read();
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(3000);
    for (;;) if ((await reader.read()).done) break;
  });
});
