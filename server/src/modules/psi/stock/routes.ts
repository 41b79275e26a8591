import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatMoney, ID_LIST_TEXT, pageOf, parseId } from '@psi/db/model';
import { wireStockRowSchema } from '@psi/db/model/psi/index';
import { ok } from '../../../core/envelope';
import { badRequest } from '../../../core/errors';
import { EXPORT_LIMIT } from '../../../core/crud';
import { sendWorkbook, workbookBuffer, xlsxAnswer, type SheetColumn } from '../../../core/export';
import { answers, optionalIdValue, textQuery } from '../../../core/route-schemas';
import { typed } from '../../../core/schema';
import { LOW_STOCK } from '../../../core/psi-actor';
import { psiActor } from '../shared/http';
import { ledgerRoutes } from '../shared/doc-routes';
import { positiveInt, queryIdOf, queryText } from '../shared/query-params';
import { specs } from '../shared/specs';
import { stockQuery, wireStock, type StockFilters } from './queries';

/** A whole number ≥ 0 as `positiveInt` reads it (empty: the default). */
const wholeNumber = (what: string) =>
  z
    .string()
    .regex(/^ *([0-9]{1,15})? *$/, 'paramType')
    .optional()
    .describe(what);

/** The query parameters of the stock views, each a single text value. */
const stockParams = textQuery({
  keyword: 'ISBN or title, in part',
  low: 'true: only stock at or below the threshold',
}).extend({
  depositoryId: optionalIdValue.describe("one depository (within the caller's)"),
  goodsIds: z
    .union([z.literal(''), z.string().regex(new RegExp(ID_LIST_TEXT))])
    .optional()
    .describe('comma-joined book ids'),
  threshold: wholeNumber('the low-stock threshold (default 50)'),
  current: wholeNumber('page number, from 1 (default 1)'),
  size: wholeNumber('rows per page, 1..500 (default 10; more is 500)'),
});

function stockFilters(query: Record<string, unknown>): StockFilters {
  const goodsIds = queryText(query, 'goodsIds')
    ?.split(',')
    .map((v) => {
      const id = parseId(v.trim());
      if (!id) throw badRequest('paramType', { name: 'goodsIds' });
      return id;
    });
  return {
    depositoryId: queryIdOf(query, 'depositoryId'),
    goodsIds,
    keyword: queryText(query, 'keyword'),
    low: queryText(query, 'low') === 'true' || queryText(query, 'low') === '1',
    threshold: positiveInt(query, 'threshold', LOW_STOCK, 1_000_000),
  };
}

const stockAccess = {
  button: ['depositorystock', 'depositorylog', 'depositorycheck', 'deliveryorder'],
};

/** The stock log: every movement, appended by the postings only. */
export const registerStockLogRoutes = (app: FastifyInstance) => ledgerRoutes(app, specs.log);

/** Stock on hand: the list and its spreadsheet. */
export function registerStockRoutes(app: FastifyInstance) {
  const api = typed(app);
  api.get(
    '/blade-psi/depositorystock/export',
    { config: { access: stockAccess }, schema: { querystring: stockParams, response: xlsxAnswer } },
    async (req, reply) => {
      const actor = psiActor(app, req);
      const filters = stockFilters(req.query);
      const { records } = stockQuery(app.ctx.sqlite, actor, filters, EXPORT_LIMIT, 0);
      const en = req.lang === 'en';
      const columns: SheetColumn[] = [
        { header: en ? 'Depository code' : '仓库编码', key: 'depositoryCode' },
        { header: en ? 'Depository' : '仓库', key: 'depositoryName' },
        { header: 'ISBN', key: 'isbn' },
        { header: en ? 'Title' : '书名', key: 'goodsName', width: 44 },
        { header: en ? 'Publisher' : '出版社', key: 'publisher', width: 24 },
        { header: en ? 'List price' : '定价', key: 'price' },
        { header: en ? 'On hand' : '库存数量', key: 'quantity' },
        { header: en ? 'Low stock' : '低库存', key: 'low' },
        { header: en ? 'Last movement' : '最近变动时间', key: 'lastMoveTime', width: 20 },
        { header: en ? 'Last document' : '最近变动单据', key: 'lastSourceNo', width: 20 },
      ].map((c) => ({ ...c, kind: 'text' as const }));
      const rows = records.map((r) => ({
        ...r,
        price: Number(formatMoney(r.price)),
        low: r.quantity <= filters.threshold ? (en ? 'yes' : '是') : '',
      }));
      const buffer = await workbookBuffer(en ? 'Stock' : '库存', columns, rows);
      return sendWorkbook(reply, buffer, en ? 'stock-on-hand' : '库存查询');
    },
  );

  api.get(
    '/blade-psi/depositorystock/list',
    {
      config: { access: stockAccess },
      schema: { querystring: stockParams, response: answers.of(pageOf(wireStockRowSchema)) },
    },
    async (req) => {
      const actor = psiActor(app, req);
      const size = Math.max(1, positiveInt(req.query, 'size', 10, 500));
      const current = Math.max(1, positiveInt(req.query, 'current', 1, 1_000_000));
      const filters = stockFilters(req.query);
      const page = stockQuery(app.ctx.sqlite, actor, filters, size, (current - 1) * size);
      return ok(
        {
          records: page.records.map((r) => wireStock(r, filters.threshold)),
          total: page.total,
          size,
          current,
          pages: Math.ceil(page.total / size),
        },
        req.lang,
      );
    },
  );
}
