import type { FastifyInstance, FastifyRequest } from 'fastify';
import { oss as ossTable, sms as smsTable } from '@psi/db/schema';
import {
  bothLanguages,
  formatDateTime,
  nextId,
  ossResource,
  parseId,
  PHONE_PATTERN,
  smsResource,
} from '@psi/db/model';
import { done } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { prepare, scopeOf, type Repo } from '../../core/data';
import { actorOf } from '../../core/crud';
import type { SessionUser } from '../../core/context';
import { crudRoutes, param } from '../../core/crud';
import { attachRoutes } from './attach';
import { resourceTexts } from './texts';
import { z } from 'zod';
import { answers, formBody, formParams, requiredParam } from '../../core/route-schemas';
import { typed } from '../../core/schema';

const enableSchema = {
  ...formParams({ id: requiredParam('the configuration to enable (every other one is disabled)') }),
  response: answers.done(),
};
const PHONE_SEPARATOR = /[,，;\s]+/;
const PHONE_LIST = `^[,，;\\s]*${PHONE_PATTERN.slice(1, -1)}([,，;\\s]+${PHONE_PATTERN.slice(1, -1)})*[,，;\\s]*$`;
const MAX_PHONES = 100;
const sendFields = {
  code: z.string().describe('the SMS configuration (default: the enabled one)'),
  phones: z
    .string()
    .meta({ pattern: PHONE_LIST })
    .superRefine((v, ctx) => {
      const phones = v.split(PHONE_SEPARATOR).filter(Boolean);
      const phone = new RegExp(PHONE_PATTERN);
      if (!phones.length || phones.some((p) => !phone.test(p)))
        ctx.addIssue({ code: 'custom', message: bothLanguages(resourceTexts.phones) });
      else if (phones.length > MAX_PHONES)
        ctx.addIssue({ code: 'custom', message: bothLanguages(resourceTexts.tooManyPhones) });
    })
    .describe(`comma-joined phone numbers, at most ${MAX_PHONES}`),
};
const sendSchema = {
  querystring: formParams(sendFields).querystring.extend({
    params: z.string().optional().describe('the template parameters, a JSON object'),
  }),
  body: formBody({
    code: sendFields.code.optional(),
    phones: sendFields.phones.optional(),
    params: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .optional()
      .describe('the template parameters: an object, or its JSON text'),
  }),
  response: answers.done(),
};

/** Makes one configuration row of a tenant the enabled one (status 2), every other one disabled (1). */
function enableOne(app: FastifyInstance, repo: Repo, table: string, user: SessionUser, id: string) {
  const scope = scopeOf('scoped', user);
  app.ctx.sqlite.transaction(() => {
    if (!repo.guardTenant(scope, [id]).length) throw badRequest('recordNotFound');
    const now = formatDateTime();
    prepare(
      app.ctx.sqlite,
      `UPDATE ${table} SET status = 1, update_user = ?, update_time = ? WHERE tenant_id = ? AND is_deleted = 0`,
    ).run(BigInt(user.userId), now, user.tenantId);
    prepare(app.ctx.sqlite, `UPDATE ${table} SET status = 2 WHERE id = ?`).run(BigInt(id));
  })();
}

export default async function resourceModule(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;

  const ossRepo = crudRoutes(app, { def: ossResource, table: ossTable }, {});
  app.post(
    '/blade-resource/oss/enable',
    { config: { access: { button: 'oss_enable' } }, schema: enableSchema },
    async (req) => {
      const me = actorOf(req);
      enableOne(app, ossRepo, 'blade_oss', me, idParamAny(req));
      return done(req.lang);
    },
  );

  const smsRepo = crudRoutes(app, { def: smsResource, table: smsTable }, {});
  app.post(
    '/blade-resource/sms/enable',
    { config: { access: { button: 'sms_enable' } }, schema: enableSchema },
    async (req) => {
      enableOne(app, smsRepo, 'blade_sms', actorOf(req), idParamAny(req));
      return done(req.lang);
    },
  );

  /**
   * `code` (a configuration's code; the enabled one when absent), `phones` (comma-joined) and `params`
   * (JSON): there is no SMS gateway, so the message is recorded in blade_sms_record.
   */
  typed(app).post(
    '/blade-resource/sms/endpoint/send-message',
    { config: { access: { button: 'sms_send' } }, schema: sendSchema },
    async (req) => {
      const me = actorOf(req);
      const code = param(req, 'code');
      const config = prepare<{ smsCode: string; templateId: string | null; signName: string | null }>(
        sqlite,
        `SELECT sms_code AS smsCode, template_id AS templateId, sign_name AS signName FROM blade_sms
         WHERE tenant_id = ? AND is_deleted = 0 AND ${code ? 'sms_code = ?' : 'status = 2'} LIMIT 1`,
      ).get(me.tenantId, ...(code ? [code] : []));
      if (!config) throw badRequest(resourceTexts.noSms);
      // the schema checked the list when it was sent; none at all is still refused
      const phones = (param(req, 'phones') ?? '').split(PHONE_SEPARATOR).filter(Boolean);
      if (!phones.length) throw badRequest(resourceTexts.phones);
      const rawParams = req.body.params ?? req.query.params;
      let params: Record<string, unknown> = {};
      if (typeof rawParams === 'string' && rawParams.trim()) {
        try {
          params = JSON.parse(rawParams) as Record<string, unknown>;
        } catch {
          throw badRequest(resourceTexts.paramsJson);
        }
      } else if (rawParams && typeof rawParams === 'object') params = rawParams as Record<string, unknown>;
      if (!params || typeof params !== 'object' || Array.isArray(params))
        throw badRequest(resourceTexts.paramsJson);
      const text = JSON.stringify(params).slice(0, 2000);
      const now = formatDateTime();
      prepare(
        sqlite,
        `INSERT INTO blade_sms_record (id, tenant_id, sms_code, phones, params, content, create_user, create_time, update_user, update_time, status, is_deleted)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
      ).run(
        BigInt(nextId()),
        me.tenantId,
        config.smsCode,
        phones.join(','),
        text,
        `【${config.signName ?? ''}】${config.templateId ?? ''} ${text}`,
        BigInt(me.userId),
        now,
        BigInt(me.userId),
        now,
      );
      return done(req.lang);
    },
  );

  attachRoutes(app);
}

/** `id` from the query string or a form body. */
function idParamAny(req: FastifyRequest): string {
  const raw = param(req, 'id');
  if (!raw) throw badRequest('paramMissing', { name: 'id' });
  const id = parseId(raw);
  if (!id) throw badRequest('paramType', { name: 'id' });
  return id;
}
