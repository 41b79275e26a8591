import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEventParser, fetchInbox, type StreamEvent } from '../src/app/layout/header/notice-inbox';
import { resetStores, signIn } from './helpers';
import { server } from './msw-server';

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' });
const list = (n: number) => ({ total: n, unread: n, records: [] });

describe('the bell stream parser', () => {
  it('splits events across chunks, joins data lines and drops heartbeats', () => {
    const seen: StreamEvent[] = [];
    const parse = createEventParser((e) => seen.push(e));
    parse('id: 7\r\nevent: ready\r\ndata: {"position":7}\r\n\r\n: heartbeat\n\n');
    parse('id: 9\nevent: inbox\ndata: {"tabs":');
    parse('["todo"]}\n\n');
    parse('data: a\ndata: b\n\n');
    expect(seen).toEqual([
      { id: '7', event: 'ready', data: '{"position":7}' },
      { id: '9', event: 'inbox', data: '{"tabs":["todo"]}' },
      { id: null, event: 'message', data: 'a\nb' },
    ]);
  });
});

describe('the bell inbox', () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });

  it('reads the server inbox', async () => {
    server.use(
      http.get('/api/blade-desk/notice/inbox', () =>
        ok({ todo: list(2), message: list(1), notice: list(0) }),
      ),
    );
    const inbox = await fetchInbox();
    expect(inbox.mode).toBe('full');
    expect(inbox.todo.total).toBe(2);
  });

  it('falls back to the upstream notice list when there is no inbox (proxy mode)', async () => {
    server.use(
      http.get('/api/blade-desk/notice/inbox', () =>
        HttpResponse.json({ code: 404, success: false, data: {}, msg: 'Not Found' }, { status: 404 }),
      ),
      http.get('/api/blade-desk/notice/list', () =>
        ok({ total: 1, records: [{ id: '5', title: '放假通知', releaseTime: '2025-08-01 09:00:00' }] }),
      ),
    );
    const inbox = await fetchInbox();
    expect(inbox.mode).toBe('basic');
    expect(inbox.notice.records.map((r) => [r.title, r.read, r.route])).toEqual([
      ['放假通知', true, '/desk/notice/index?id=5'],
    ]);
    expect(inbox.todo.total + inbox.message.unread + inbox.notice.unread).toBe(0);
  });
});
