import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reportFile } from '@psi/db/schema';
import { formatDateTime, nextId, reportResource } from '@psi/db/model';
import { prepare } from '../../core/data';
import { actorOf } from '../../core/resource-routes';
import { crudRoutes } from '../system/crud';

interface ReportFixture {
  code: string;
  name: string;
  nameEn: string;
  content: Record<string, unknown>;
}

const fixtures = (): ReportFixture[] =>
  JSON.parse(
    readFileSync(new URL('../../../../fixtures/reports.json', import.meta.url), 'utf8'),
  ) as ReportFixture[];

/**
 * `/blade-report/report/rest`: saved list queries (an API, its parameters and the columns to show).
 * A tenant's first visit creates the demo's reports (fixtures/reports.json): stock and order summaries.
 */
export default async function reportModule(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  const defaults = fixtures();

  const ensureReports = (req: FastifyRequest) => {
    const me = actorOf(req);
    const seen = prepare(sqlite, 'SELECT 1 FROM blade_report_file WHERE tenant_id = ? LIMIT 1').get(
      me.tenantId,
    );
    if (seen) return;
    const now = formatDateTime();
    const insert = prepare(
      sqlite,
      `INSERT INTO blade_report_file (id, tenant_id, name, content, create_user, create_time, update_user, update_time, status, is_deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
    );
    sqlite.transaction(() => {
      for (const r of defaults)
        insert.run(
          BigInt(nextId()),
          me.tenantId,
          r.name,
          JSON.stringify({ code: r.code, nameEn: r.nameEn, ...r.content }),
          BigInt(me.userId),
          now,
          BigInt(me.userId),
          now,
        );
    })();
  };

  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.url === '/api/blade-report/report/rest/list' && req.user) ensureReports(req);
  });

  crudRoutes(app, reportResource, reportFile, { submit: false });
}
