import { describe, expect, it } from 'vitest';
import { parseReportContent, summarize, type ReportContent } from '../src/model/report';

const content = (params: Record<string, string | number>): ReportContent => ({
  api: '/blade-psi/depositorylog/list',
  params,
  groupBy: ['dep'],
  columns: [
    { prop: 'dep', label: '仓库' },
    { prop: 'qty', label: '数量', aggregate: 'sum' },
    { prop: 'amount', label: '金额', aggregate: 'sum' },
    { prop: 'no', label: '单据数', aggregate: 'count' },
    { prop: 'balance', label: '结存', aggregate: 'last' },
  ],
});

const rows = [
  { dep: 'A', qty: 1, amount: '0.10', no: 'x1', balance: 301 },
  { dep: 'B', qty: -260, amount: '0.20', no: 'x2', balance: 140 },
  { dep: 'A', qty: -300, amount: '0.20', no: 'x3', balance: 300 },
  { dep: 'A', qty: 600, amount: '12.5', no: 'x4', balance: 600 },
];

describe('report summaries', () => {
  it('sums exactly, counts rows and takes the newest value of a newest-first list', () => {
    const result = summarize(content({ descs: 'operate_time' }), rows);
    expect(result.rows).toEqual([
      { dep: 'A', qty: 301, amount: '12.80', no: 3, balance: 301 },
      { dep: 'B', qty: -260, amount: '0.20', no: 1, balance: 140 },
    ]);
    expect(result.totals).toEqual({ dep: null, qty: 41, amount: '13.00', no: 4, balance: null });
    expect(result.source).toBe(4);
  });

  it('takes the final row as the newest when the list is oldest first', () => {
    expect(summarize(content({ ascs: 'operate_time' }), rows).rows[0]!.balance).toBe(600);
  });

  it('reads a definition from its JSON text and refuses what is not one', () => {
    expect(parseReportContent(JSON.stringify(content({})))?.groupBy).toEqual(['dep']);
    expect(parseReportContent('{not json')).toBeNull();
    expect(parseReportContent({ ...content({}), api: 'http://elsewhere/list' })).toBeNull();
    expect(parseReportContent({ ...content({}), api: '/blade-psi/../x' })).toBeNull();
    expect(parseReportContent({ ...content({}), columns: [] })).toBeNull();
  });
});
