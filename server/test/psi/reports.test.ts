import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from '../helpers';
import { as, demoApp, readXlsx, type Client } from './helpers';

/** Saved reports: the demo's stock and order summaries, run as their reader and exported as .xlsx. */
let app: FastifyInstance;
let pt: Client;
const REPORT = '/api/blade-report/report/rest';

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
});

async function reports(client: Client) {
  const res = await call(app, client.token, { method: 'GET', url: `${REPORT}/list` });
  return (res.json() as { data: { records: { id: string; name: string }[] } }).data.records;
}

const exportOf = (client: Client, id: string, lang: 'zh' | 'en' = 'zh') =>
  call(app, client.token, {
    method: 'GET',
    url: `${REPORT}/export`,
    query: { id },
    headers: lang === 'en' ? { 'accept-language': 'en' } : {},
  });

describe('report export', () => {
  it('exports the stock summary grouped by depository and book, with the demo figures and a total row', async () => {
    const list = await reports(pt);
    const stock = list.find((r) => r.name === '库存汇总')!;
    const res = await exportOf(pt, stock.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet[0]).toEqual(['仓库', 'ISBN', '书名', '结存数量', '累计变动', '最近变动']);
    const g10 = sheet.find((r) => r[0] === '嘉兴中心仓' && r[1] === '9787107863875')!;
    // DOMAIN.md 5.9: D01 holds 298 of G10 after the stocktake (300 in, -2 counted)
    expect(g10[3]).toBe('298');
    expect(g10[4]).toBe('298');
    expect(sheet.filter((r) => r[0] === '嘉兴中心仓' && r[1] === '9787107863875')).toHaveLength(1);
    // two editions share the title 数学 七年级上册: each book is its own row (G11 at D01: 600 − 300 + 1)
    const g11 = sheet.find((r) => r[0] === '嘉兴中心仓' && r[1] === '9787107176029')!;
    expect(g11.slice(3, 5)).toEqual(['301', '301']);
    expect(sheet.at(-1)![0]).toBe('合计');
  });

  it('exports the order summary in English with counted orders and summed money', async () => {
    const order = (await reports(pt)).find((r) => r.name === '征订单汇总')!;
    const sheet = await readXlsx((await exportOf(pt, order.id, 'en')).rawPayload);
    expect(sheet[0]).toEqual([
      'School',
      'Term',
      'Orders',
      'Total copies',
      'List amount',
      'Amount',
      'Delivered',
    ]);
    const total = sheet.at(-1)!;
    expect(total[0]).toBe('Total');
    const body = sheet.slice(1, -1);
    expect(Number(total[2])).toBe(body.reduce((a, r) => a + Number(r[2]), 0));
    expect(Number(total[2])).toBeGreaterThan(0);
  });

  it("refuses an unknown report and another tenant's report", async () => {
    const unknown = await exportOf(pt, '123');
    expect((unknown.json() as { msg: string }).msg).toBe('报表不存在');
    const other = await as(app, 'pt_admin2');
    const theirs = (await reports(other))[0]!;
    const res = await exportOf(pt, theirs.id);
    expect((res.json() as { msg: string }).msg).toBe('报表不存在');
  });

  it('needs the report menu', async () => {
    const ck = await as(app, 'ck_jx');
    const stock = (await reports(pt))[0]!;
    const res = await exportOf(ck, stock.id);
    expect(res.statusCode).toBe(403);
  });
});
