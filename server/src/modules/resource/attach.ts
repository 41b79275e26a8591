/** Attachments: the upload endpoint, the stored files it serves back, and the attach records. */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attach as attachTable } from '@psi/db/schema';
import { attachResource, t, today } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { ApiError, badRequest, otherTenant, unauthorized } from '../../core/errors';
import { checkFileLink, FILE_ROUTE, signedFileLink } from '../../core/file-links';
import { tokenOf } from '../../core/access';
import { prepare } from '../../core/data';
import { actorOf, crudRoutes } from '../../core/crud';
import { readUpload } from '../../core/export';
import { answers, binaryAnswer, MULTIPART, noQuery, uploadBody } from '../../core/route-schemas';
import { typed } from '../../core/schema';
import { extensionOf, FILE_KINDS, safeOriginalName } from './files';
import { resourceTexts } from './texts';

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

/** Uploads up to 5 MB (the avatar screen limits itself to 500 KB). */
const MAX_UPLOAD = 5 * 1024 * 1024;

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

export function attachRoutes(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  const secret = app.ctx.options.jwtSecret;
  const line = app.ctx.options.line ?? 'bladex';

  const attachRepo = crudRoutes(
    app,
    { def: attachResource, table: attachTable },
    {
      submit: false,
      afterRemove: (ids) => {
        const nameOf = prepare<{ name: string }, [bigint]>(
          sqlite,
          'SELECT name FROM blade_attach WHERE id = ?',
        );
        for (const id of ids) {
          const row = nameOf.get(BigInt(id));
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
      const enabled = prepare<{ endpoint: string | null }, [string]>(
        sqlite,
        `SELECT endpoint FROM blade_oss WHERE tenant_id = ? AND is_deleted = 0 AND status = 2 LIMIT 1`,
      ).get(me.tenantId);
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
        return ok(
          {
            link: signedFileLink(secret, link),
            domain: enabled?.endpoint ?? '',
            name: key,
            originalName,
            attachId,
          },
          req.lang,
        );
      } catch (err) {
        fs.rmSync(file, { force: true });
        throw err;
      }
    },
  );

  /**
   * A stored upload, with headers that keep browsers from sniffing it: through a signed link that has
   * not expired (an `<img>` sends no token; the answer may then be embedded by another origin, such as
   * a client's dev proxy), else to signed-in users of its tenant.
   */
  typed(app).get(
    `${FILE_ROUTE}/:tenantId/:day/:name`,
    {
      config: { access: 'public' },
      schema: {
        params: fileParams,
        querystring: z.looseObject({
          expires: z.string().optional().describe('signed link: when it stops working (unix seconds)'),
          signature: z.string().optional().describe('signed link: HMAC of the path and expires'),
        }),
        response: binaryAnswer(
          [...new Set(Object.values(FILE_KINDS).map((k) => k.mime))],
          'the stored file, with its own media type',
        ),
      },
    },
    async (req, reply) => {
      const { tenantId, day, name } = req.params;
      const link = checkFileLink(secret, req.url, req.query);
      if (link === 'expired') throw new ApiError(403, 403, resourceTexts.linkExpired);
      if (link === 'forged') throw new ApiError(403, 403, resourceTexts.linkForged);
      if (link === 'unsigned') {
        if (!req.user) throw unauthorized(tokenOf(req) ? 'unauthorized' : 'missingToken', line);
        const me = actorOf(req);
        if (tenantId !== me.tenantId && !me.isSuperAdmin) throw otherTenant();
      } else reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      const key = `upload/${tenantId}/${day}/${name}`;
      const file = fileOfKey(app, key);
      if (!file) throw badRequest('paramType', { name: 'name' });
      const row = prepare<{ originalName: string }, [string, string]>(
        sqlite,
        'SELECT original_name AS originalName FROM blade_attach WHERE name = ? AND tenant_id = ? AND is_deleted = 0',
      ).get(key, tenantId);
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
