import type { FastifyInstance } from 'fastify';
import { reportFile } from '@psi/db/schema';
import { columnLabel, parseReportContent, reportResource, summarize, t } from '@psi/db/model';
import { prepare } from '../../core/data';
import { ApiError, badRequest } from '../../core/errors';
import { sendWorkbook, workbookBuffer } from '../../core/export';
import { actorOf } from '../../core/crud';
import { crudRoutes, param } from '../../core/crud';
import { binaryAnswer, XLSX, textQuery, requiredParam } from '../../core/route-schemas';

/**
 * `/blade-report/report/rest`: saved list queries (an API, its parameters and the columns to show).
 * Every tenant starts with the demo's reports (fixtures/reports.json, written when the tenant is
 * created): stock and order summaries. Reading them never writes.
 */
export default async function reportModule(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;

  crudRoutes(app, { def: reportResource, table: reportFile }, { submit: false });

  /**
   * `GET export?id=`: runs the report as its reader (its list API called with the caller's own token,
   * so menus, tenant and data scope apply exactly as on screen), groups and sums it as the screen does
   * (`summarize`) and answers the table with a totals row as .xlsx.
   */
  app.get(
    `${reportResource.api}/export`,
    {
      config: { access: { menu: reportResource.permission } },
      schema: {
        querystring: textQuery({ id: requiredParam('the report') }),
        response: binaryAnswer(XLSX, 'the report with its totals row as a spreadsheet'),
      },
    },
    async (req, reply) => {
      const me = actorOf(req);
      const id = param(req, 'id');
      if (!id || !/^\d{1,19}$/.test(id)) throw badRequest(reportTexts.noReport);
      const row = prepare<{ name: string; content: string }, [bigint, string]>(
        sqlite,
        'SELECT name, content FROM blade_report_file WHERE id = ? AND tenant_id = ? AND is_deleted = 0',
      ).get(BigInt(id), me.tenantId);
      if (!row) throw badRequest(reportTexts.noReport);
      const content = parseReportContent(row.content);
      if (!content) throw badRequest(reportTexts.badReport);
      const headers: Record<string, string> = {};
      for (const h of ['blade-auth', 'authorization', 'accept-language']) {
        const v = req.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      const records: Record<string, unknown>[] = [];
      const size = Number(content.params.size ?? 500) || 500;
      for (let current = 1; current <= MAX_PAGES; current++) {
        const res = await app.inject({
          method: 'GET',
          url: `/api${content.api}`,
          query: Object.fromEntries(
            Object.entries({ ...content.params, current, size }).map(([k, v]) => [k, String(v)]),
          ),
          headers,
        });
        const body = res.json() as {
          code: number;
          msg: string;
          data?: { records?: unknown[]; total?: number };
        };
        if (body.code !== 200) throw new ApiError(res.statusCode, body.code, body.msg);
        const page = (body.data?.records ?? []) as Record<string, unknown>[];
        records.push(...page);
        if (page.length < size || records.length >= Number(body.data?.total ?? 0)) break;
      }
      const lang = req.lang;
      const result = summarize(content, records);
      const columns = content.columns.map((c) => ({
        key: c.prop,
        header: columnLabel(c, lang),
        width: /name/i.test(c.prop) ? 36 : undefined,
      }));
      const first = content.columns[0]!.prop;
      // figures are numbers in the sheet; codes such as an ISBN stay text
      const measures = new Set(content.columns.filter((c) => c.aggregate).map((c) => c.prop));
      const number = (v: unknown) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);
      const rows = [...result.rows, { ...result.totals, [first]: reportTexts.total[lang] }].map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, measures.has(k) ? number(v) : v])),
      );
      const name = lang === 'en' ? (content.nameEn ?? row.name) : row.name;
      return sendWorkbook(reply, await workbookBuffer(name, columns, rows), name);
    },
  );
}

const MAX_PAGES = 20;

const reportTexts = {
  noReport: t('报表不存在', 'The report does not exist'),
  badReport: t('报表定义无效', 'The report definition is invalid'),
  total: t('合计', 'Total'),
};
