import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { code as codeTable, datasource as datasourceTable } from '@psi/db/schema';
import { codeResource, datasourceResource, parseId, parseIdList, t } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { prepare } from '../../core/data';
import { actorOf } from '../../core/crud';
import { crudRoutes, param, requirePlatform } from '../../core/crud';
import { generateZip, type CodeRow } from './generator';
import { z } from 'zod';
import {
  answers,
  binaryAnswer,
  formParams,
  idListValue,
  noQuery,
  requiredParam,
} from '../../core/route-schemas';

const datasourceChoice = z.object({ id: z.string(), name: z.string(), driverClass: z.string() });
const genParams = formParams({
  ids: 'comma-joined code generator rows',
  system: 'the client stack (ours is the only one)',
});
const genSchema = {
  querystring: genParams.querystring.extend({ ids: idListValue.optional() }),
  body: genParams.body,
  response: binaryAnswer('application/zip', 'the generated files as a zip'),
};

const texts = {
  copySuffix: t('-copy', '-copy'),
  datasourceMissing: t('数据源不存在', 'The data source does not exist'),
};

/** `/blade-develop`: data sources and the code generator (platform tables). */
export default async function developModule(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  crudRoutes(app, { def: datasourceResource, table: datasourceTable }, { platform: true });

  app.get(
    '/blade-develop/datasource/select',
    {
      config: { access: { button: ['datasource', 'code', 'tenant_datasource'] } },
      schema: { querystring: noQuery, response: answers.list(datasourceChoice) },
    },
    async (req) => {
      const rows = prepare<{ id: bigint; name: string; driverClass: string }, []>(
        sqlite,
        'SELECT id, name, driver_class AS driverClass FROM blade_datasource WHERE is_deleted = 0 ORDER BY name',
      ).all();
      return ok(
        rows.map((r) => ({ id: String(r.id), name: r.name, driverClass: r.driverClass })),
        req.lang,
      );
    },
  );

  const repo = crudRoutes(
    app,
    { def: codeResource, table: codeTable },
    {
      platform: true,
      beforeSave: ({ values }) => {
        const id = values.datasourceId as string | undefined | null;
        if (
          id &&
          !prepare(sqlite, 'SELECT 1 FROM blade_datasource WHERE id = ? AND is_deleted = 0').get(BigInt(id))
        )
          throw badRequest(texts.datasourceMissing);
      },
    },
  );

  /** `id`: a copy of the row whose module name ends with `-copy`. */
  app.post(
    '/blade-develop/code/copy',
    {
      config: { access: { button: 'code_copy' } },
      schema: {
        ...formParams({ id: requiredParam('the row to copy') }),
        response: answers.of(z.object({ id: z.string() })),
      },
    },
    async (req) => {
      const me = actorOf(req);
      requirePlatform(me);
      const raw = param(req, 'id');
      const id = raw ? parseId(raw) : null;
      if (!id) throw badRequest(raw ? 'paramType' : 'paramMissing', { name: 'id' });
      const row = repo.findById({ tenantId: null }, id);
      if (!row) throw badRequest('recordNotFound');
      const copy = Object.fromEntries(
        Object.entries(row).filter(
          ([k]) =>
            ![
              'id',
              'createUser',
              'createDept',
              'createTime',
              'updateUser',
              'updateTime',
              'isDeleted',
            ].includes(k),
        ),
      );
      const newId = repo.insert(
        { ...copy, codeName: `${String(row.codeName)}${texts.copySuffix[req.lang]}` },
        me,
      );
      return ok({ id: newId }, req.lang);
    },
  );

  /** `ids` (+ `system`, the client stack; ours is the only one): a zip of the generated files. */
  const genCode = async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = param(req, 'ids');
    if (!raw) throw badRequest('paramMissing', { name: 'ids' });
    const ids = parseIdList(raw);
    if (!ids) throw badRequest('paramType', { name: 'ids' });
    const codes = ids
      .map((id) => repo.findById({ tenantId: null }, id))
      .filter((r): r is Record<string, unknown> => !!r)
      .map((r): CodeRow => ({
        codeName: String(r.codeName ?? ''),
        serviceName: String(r.serviceName || 'blade-psi'),
        tableName: String(r.tableName ?? ''),
        tablePrefix: String(r.tablePrefix ?? ''),
        pkName: String(r.pkName || 'id'),
        packageName: String(r.packageName ?? ''),
        webPath: String(r.webPath ?? ''),
      }));
    if (!codes.length) throw badRequest('recordNotFound');
    const zip = await generateZip(sqlite, codes);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', 'attachment; filename="code.zip"')
      .header('X-Content-Type-Options', 'nosniff')
      .send(zip);
  };
  const genAccess = { access: { button: 'code_gen' } };
  const { body: _body, ...genQuerySchema } = genSchema;
  app.get('/blade-develop/code/gen-code', { config: genAccess, schema: genQuerySchema }, genCode);
  app.post('/blade-develop/code/gen-code', { config: genAccess, schema: genSchema }, genCode);
}
