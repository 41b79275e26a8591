import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { logApi, logError, logUsual } from '@psi/db/schema';
import { apiLogResource, errorLogResource, usualLogResource } from '@psi/db/model';
import { flushApiLogs } from '../../core/logs';
import { crudRoutes } from '../../core/crud';

/**
 * `/blade-log/usual|api|error`: list and detail of the logs the server writes itself (core/logs.ts).
 * Read-only; api-log lists leave the parameters out (they are in the detail, secrets redacted).
 */
export default async function logModule(app: FastifyInstance) {
  app.addHook('preHandler', async () => flushApiLogs(app));
  crudRoutes(app, { def: usualLogResource, table: logUsual }, { submit: false, remove: false });
  crudRoutes(
    app,
    { def: apiLogResource, table: logApi },
    {
      submit: false,
      remove: false,
      decorate: (rows, req) =>
        req.routeOptions.url?.endsWith('/list')
          ? rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'params')))
          : rows,
      decorated: { params: z.string().optional().describe('the request parameters (detail only)') },
    },
  );
  crudRoutes(app, { def: errorLogResource, table: logError }, { submit: false, remove: false });
}
