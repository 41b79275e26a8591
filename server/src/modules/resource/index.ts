import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attach as attachTable, oss as ossTable, sms as smsTable } from '@psi/db/schema';
import {
  attachResource,
  formatDateTime,
  nextId,
  ossResource,
  parseId,
  PHONE_PATTERN,
  smsResource,
  t,
  today,
} from '@psi/db/model';
import { done, ok } from '../../core/envelope';
import { ApiError, badRequest, otherTenant } from '../../core/errors';
import { prepare, scopeOf, type Repo } from '../../core/data';
import { actorOf } from '../../core/crud';
import { readUpload } from '../../core/export';
import type { SessionUser } from '../../core/context';
import { crudRoutes, param } from '../../core/crud';
import { extensionOf, FILE_KINDS, safeOriginalName } from './files';
import { z } from 'zod';
import {
  answers,
  binaryAnswer,
  formBody,
  formParams,
  MULTIPART,
  noQuery,
  uploadBody,
} from '../../core/route-schemas';
import { typed } from '../../core/schema';

const enableSchema = {
  ...formParams({ id: 'the configuration to enable (every other one is disabled)' }),
  response: answers.done(),
};
const sendFields = {
  code: 'the SMS configuration (default: the enabled one)',
  phones: 'comma-joined phone numbers, at most 100',
};
const sendSchema = {
  querystring: formParams(sendFields).querystring.extend({
    params: z.string().optional().describe('the template parameters, a JSON object'),
  }),
  body: formBody({
    code: z.unknown().optional().describe(sendFields.code),
    phones: z.unknown().optional().describe(sendFields.phones),
    params: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .optional()
      .describe('the template parameters: an object, or its JSON text'),
  }),
  response: answers.done(),
};
const uploadedSchema = z.object({
  link: z.string().describe('where the file is served'),
  domain: z.string(),
  name: z.string().describe('the stored key'),
  originalName: z.string(),
  attachId: z.string(),
});
const fileParams = z.object({
  tenantId: z.string(),
  day: z.string().describe('yyyyMMdd'),
  name: z.string().describe('the stored name'),
});

export const resourceTexts = {
  badName: t('文件名不合法', 'The file name is not allowed'),
  badType: t('不支持的文件类型: {ext}', 'File type not allowed: {ext}'),
  badContent: t('文件内容与类型不符', 'The file content does not match its type'),
  noSms: t('未找到启用的短信配置', 'No enabled SMS configuration was found'),
  phones: t('请输入正确的手机号码', 'Please enter valid phone numbers'),
  tooManyPhones: t('一次最多发送100个号码', 'At most 100 numbers per message'),
  paramsJson: t('短信参数须为JSON对象', 'The message parameters must be a JSON object'),
};

/** Uploads up to 5 MB (the avatar screen limits itself to 500 KB). */
const MAX_UPLOAD = 5 * 1024 * 1024;
const FILE_ROUTE = '/blade-resource/oss/endpoint/file';

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

/** Where an upload lives: DATA_DIR/upload/<tenant>/<yyyyMMdd>/<server-chosen name>. */
function uploadPath(app: FastifyInstance, tenantId: string, day: string, name: string): string {
  const root = path.resolve(app.ctx.options.dataDir, 'upload');
  const file = path.resolve(root, tenantId, day, name);
  if (!file.startsWith(`${root}${path.sep}`)) throw badRequest(resourceTexts.badName);
  return file;
}

/** The stored object key of an attach row (`upload/<tenant>/<day>/<name>`) → its file on disk. */
function fileOfKey(app: FastifyInstance, key: string): string | null {
  const m = /^upload\/(\d{6})\/(\d{8})\/([a-f0-9]{32}\.[a-z]{3,4})$/.exec(key);
  return m ? uploadPath(app, m[1], m[2], m[3]) : null;
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
      const config = prepare(
        sqlite,
        `SELECT sms_code AS smsCode, template_id AS templateId, sign_name AS signName FROM blade_sms
         WHERE tenant_id = ? AND is_deleted = 0 AND ${code ? 'sms_code = ?' : 'status = 2'} LIMIT 1`,
      ).get(me.tenantId, ...(code ? [code] : [])) as
        { smsCode: string; templateId: string | null; signName: string | null } | undefined;
      if (!config) throw badRequest(resourceTexts.noSms);
      const phones = (param(req, 'phones') ?? '')
        .split(/[,，;\s]+/)
        .map((p) => p.trim())
        .filter(Boolean);
      const phone = new RegExp(PHONE_PATTERN);
      if (!phones.length || phones.some((p) => !phone.test(p))) throw badRequest(resourceTexts.phones);
      if (phones.length > 100) throw badRequest(resourceTexts.tooManyPhones);
      const rawParams = req.body.params ?? req.query.params;
      let params: Record<string, unknown> = {};
      if (typeof rawParams === 'string' && rawParams.trim()) {
        try {
          params = JSON.parse(rawParams) as Record<string, unknown>;
        } catch {
          throw badRequest(resourceTexts.paramsJson);
        }
      } else if (rawParams && typeof rawParams === 'object') params = rawParams;
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

  const attachRepo = crudRoutes(
    app,
    { def: attachResource, table: attachTable },
    {
      submit: false,
      afterRemove: (ids) => {
        const nameOf = prepare(sqlite, 'SELECT name FROM blade_attach WHERE id = ?');
        for (const id of ids) {
          const row = nameOf.get(BigInt(id)) as { name: string } | undefined;
          const file = row ? fileOfKey(app, row.name) : null;
          if (file) fs.rmSync(file, { force: true });
        }
      },
    },
  );

  /**
   * Multipart `file`: an allowed extension whose content carries the matching signature, under the
   * size limit, with a plain file name. Stored under a server-chosen name; every refused file is
   * refused before anything touches the disk.
   */
  app.post(
    '/blade-resource/oss/endpoint/put-file',
    {
      config: {
        access: 'user',
        rateLimit: { max: app.ctx.options.authRateLimit ?? 120, timeWindow: '1 minute' },
      },
      schema: {
        querystring: noQuery,
        consumes: MULTIPART,
        body: uploadBody(),
        response: answers.of(uploadedSchema),
      },
    },
    async (req) => {
      const me = actorOf(req);
      const upload = await readUpload(req, MAX_UPLOAD);
      const originalName = safeOriginalName(upload.filename);
      if (!originalName) throw badRequest(resourceTexts.badName);
      const ext = extensionOf(originalName);
      const kind = FILE_KINDS[ext];
      if (!kind) throw badRequest(resourceTexts.badType, { ext: ext || '-' });
      if (!kind.matches(upload.buffer)) throw badRequest(resourceTexts.badContent);
      const day = today().replace(/-/g, '');
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      const file = uploadPath(app, me.tenantId, day, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, upload.buffer, { flag: 'wx', mode: 0o640 });
      const enabled = prepare(
        sqlite,
        `SELECT endpoint FROM blade_oss WHERE tenant_id = ? AND is_deleted = 0 AND status = 2 LIMIT 1`,
      ).get(me.tenantId) as { endpoint: string | null } | undefined;
      const link = `/api${FILE_ROUTE}/${me.tenantId}/${day}/${name}`;
      const key = `upload/${me.tenantId}/${day}/${name}`;
      try {
        const attachId = attachRepo.insert(
          {
            link,
            domain: enabled?.endpoint ?? '',
            name: key,
            originalName,
            extension: ext,
            attachSize: upload.buffer.length,
          },
          me,
        );
        return ok({ link, domain: enabled?.endpoint ?? '', name: key, originalName, attachId }, req.lang);
      } catch (err) {
        fs.rmSync(file, { force: true });
        throw err;
      }
    },
  );

  /** A stored upload, to signed-in users of its tenant, with headers that keep browsers from sniffing it. */
  typed(app).get(
    `${FILE_ROUTE}/:tenantId/:day/:name`,
    {
      config: { access: 'user' },
      schema: {
        params: fileParams,
        querystring: noQuery,
        response: binaryAnswer(
          [...new Set(Object.values(FILE_KINDS).map((k) => k.mime))],
          'the stored file, with its own media type',
        ),
      },
    },
    async (req, reply) => {
      const me = actorOf(req);
      const { tenantId, day, name } = req.params;
      const key = `upload/${tenantId}/${day}/${name}`;
      const file = fileOfKey(app, key);
      if (!file) throw badRequest('paramType', { name: 'name' });
      if (tenantId !== me.tenantId && !me.isSuperAdmin) throw otherTenant();
      const row = prepare(
        sqlite,
        'SELECT original_name AS originalName FROM blade_attach WHERE name = ? AND tenant_id = ? AND is_deleted = 0',
      ).get(key, tenantId) as { originalName: string } | undefined;
      if (!row || !fs.existsSync(file))
        throw new ApiError(404, 404, t('文件不存在', 'The file does not exist'));
      const kind = FILE_KINDS[extensionOf(name)];
      const encoded = encodeURIComponent(row.originalName);
      return reply
        .header('Content-Type', kind?.mime ?? 'application/octet-stream')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header(
          'Content-Disposition',
          `${kind?.inline ? 'inline' : 'attachment'}; filename="${encoded}"; filename*=UTF-8''${encoded}`,
        )
        .header('Cache-Control', 'private, max-age=3600')
        .send(fs.readFileSync(file));
    },
  );
}

/** `id` from the query string or a form body. */
function idParamAny(req: FastifyRequest): string {
  const raw = param(req, 'id');
  if (!raw) throw badRequest('paramMissing', { name: 'id' });
  const id = parseId(raw);
  if (!id) throw badRequest('paramType', { name: 'id' });
  return id;
}
