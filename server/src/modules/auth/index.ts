import { z } from 'zod';
import { signedFileLink } from '../../core/file-links';
import { captchaSchema, tokenBodySchema, tokenFailureSchema } from '@psi/db/model';
import { answers, formBody, noQuery } from '../../core/route-schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDateTime, nextId, type Lang } from '@psi/db/model';
import { done, ok } from '../../core/envelope';
import { prepare } from '../../core/data';
import { actorOf, namesOf } from '../../core/crud';
import { redact, scrubText } from '../../core/logs';
import { toWireRow } from '../../core/serialize';
import { typed } from '../../core/schema';
import { CaptchaStore } from './captcha';
import { endSignIn, header, refreshGrant, str } from './grants';
import {
  authenticateClient,
  checkPassword,
  GrantError,
  issueTokens,
  DEFAULT_AVATAR,
} from '../../core/sign-in';

/** Token endpoint parameters arrive in the query string or an urlencoded body (Saber sends `params`). */
const paramsOf = (req: { query: GrantParams; body: GrantParams }): GrantParams => ({
  ...req.body,
  ...req.query,
});

function grantFailure(reply: FastifyReply, err: unknown, lang: Lang) {
  if (err instanceof GrantError) {
    return reply.code(err.status).send({ error_code: err.status, error_description: err.describe(lang) });
  }
  throw err;
}

/** The grant parameters of the token endpoint, in the query string (Blade's way) or a form body. */
const grantParams = {
  grant_type: z.string().optional().describe('password, refresh_token, captcha …'),
  tenantId: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional().describe('md5 of the password'),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  type: z.string().optional(),
};
const grantQuery = z.looseObject({
  ...grantParams,
  key: z.string().optional().describe('captcha key (or the Captcha-Key header)'),
  code: z.string().optional().describe('captcha text (or the Captcha-Code header)'),
});
type GrantParams = z.output<typeof grantQuery>;
const tokenSchema = {
  querystring: grantQuery,
  body: formBody(grantQuery.shape),
  response: { 200: tokenBodySchema, 400: tokenFailureSchema, 401: tokenFailureSchema },
};

/** `GET /blade-auth/oauth/user-info`. */
const userInfoSchema = z.looseObject({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  account: z.string(),
  name: z.string(),
  realName: z.string(),
  avatar: z.string(),
  email: z.string(),
  phone: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  roleAlias: z.string(),
  deptId: z.string(),
  deptName: z.string(),
  postId: z.string(),
  postName: z.string(),
  userType: z.number(),
});

/**
 * One entry of the web's error log, as `web/src/stores/error-log.ts` keeps it. Every field may be left
 * out (a Saber client sends no stack for a message that is not an Error); an entry is an object.
 */
const clientErrorEntry = z.object(
  {
    type: z.string().optional().describe('error, unhandledrejection, console …'),
    message: z.string().optional(),
    stack: z.string().optional(),
    info: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .optional()
      .describe('where it happened: a component stack, or the failed request as an object'),
    url: z.string().optional().describe('the page it happened on'),
    time: z.string().optional().describe('when, as the browser wrote it'),
  },
  { error: 'invalidBody' },
);

/** The web's error log entries (`POST /blade-auth/oauth/logout`): a list of entries, anything else is refused. */
const clientErrorsBody = z
  .array(clientErrorEntry, { error: 'invalidBody' })
  .describe('the web error log (the first 200 entries are kept)');

export default async function authModule(app: FastifyInstance) {
  const captchas = new CaptchaStore(app.ctx.options.captchaFixed);
  const limit = { max: app.ctx.options.authRateLimit ?? 120, timeWindow: '1 minute' };

  app.get(
    '/blade-auth/oauth/captcha',
    {
      config: { access: 'public', rateLimit: limit },
      schema: { querystring: noQuery, response: answers.of(captchaSchema) },
    },
    async (req) => ok(captchas.create(), req.lang),
  );

  const token = async (p: GrantParams, req: FastifyRequest, reply: FastifyReply, forcedGrant?: string) => {
    try {
      const client = authenticateClient(app.ctx, req.headers.authorization);
      const grant = forcedGrant ?? str(p.grant_type) ?? '';
      if (
        !client.authorizedGrantTypes
          .split(',')
          .map((g) => g.trim())
          .includes(grant)
      ) {
        throw new GrantError(400, 'unsupportedGrant', { grant });
      }
      const deptWanted = header(req, 'Dept-Id');
      const roleWanted = header(req, 'Role-Id');
      if (grant === 'password' || grant === 'captcha') {
        if (
          grant === 'captcha' &&
          !captchas.verify(
            header(req, 'Captcha-Key') ?? str(p.key),
            header(req, 'Captcha-Code') ?? str(p.code),
          )
        ) {
          throw new GrantError(400, 'badCaptcha');
        }
        const tenantId = header(req, 'Tenant-Id') || str(p.tenantId) || '000000';
        const account = str(p.username) ?? '';
        const password = str(p.password) ?? '';
        if (!account || !password) throw new GrantError(400, 'badCredentials');
        const user = await checkPassword(app.ctx, tenantId, account, password.toLowerCase());
        const body = app.ctx.sqlite.transaction(() =>
          issueTokens(app.ctx, client, user, deptWanted, roleWanted),
        )();
        app.log.info({ tenantId, account }, 'sign-in');
        return reply.send(body);
      }
      if (grant === 'refresh_token') {
        const refresh = str(p.refresh_token) ?? '';
        return reply.send(refreshGrant(app.ctx, client, refresh, { dept: deptWanted, role: roleWanted }));
      }
      if (grant === 'social' || grant === 'authorization_code')
        throw new GrantError(400, 'grantNotConfigured', { grant });
      throw new GrantError(400, 'unsupportedGrant', { grant });
    } catch (err) {
      return grantFailure(reply, err, req.lang);
    }
  };

  typed(app).post(
    '/blade-auth/oauth/token',
    { config: { access: 'public', rateLimit: limit }, schema: tokenSchema },
    (req, reply) => token(paramsOf(req), req, reply),
  );
  typed(app).post(
    '/blade-auth/oauth/token/refresh',
    { config: { access: 'public', rateLimit: limit }, schema: tokenSchema },
    (req, reply) => token(paramsOf(req), req, reply, 'refresh_token'),
  );

  app.get(
    '/blade-auth/oauth/user-info',
    { config: { access: 'user' }, schema: { querystring: noQuery, response: answers.maybe(userInfoSchema) } },
    async (req) => {
      const me = actorOf(req);
      const row = prepare<Record<string, unknown>, [bigint]>(
        app.ctx.sqlite,
        `SELECT u.id, u.tenant_id AS tenantId, u.account, u.name, u.real_name AS realName, u.avatar, u.email, u.phone,
         u.role_id AS roleId, u.dept_id AS deptId, u.post_id AS postId, u.user_type AS userType, t.tenant_name AS tenantName
       FROM blade_user u LEFT JOIN blade_tenant t ON t.tenant_id = u.tenant_id AND t.is_deleted = 0
       WHERE u.id = ? AND u.is_deleted = 0`,
      ).get(BigInt(me.userId));
      if (!row) return ok(null, req.lang);
      const names = (table: string, col: string, list: unknown) => namesOf(app, table, col, list);
      return ok(
        toWireRow({
          ...row,
          id: String(row.id),
          userType: Number(row.userType),
          avatar: signedFileLink(app.ctx.options.jwtSecret, String(row.avatar || DEFAULT_AVATAR)),
          roleName: names('blade_role', 'role_name', row.roleId),
          roleAlias: me.roleAliases.join(','),
          deptName: names('blade_dept', 'dept_name', row.deptId),
          postName: names('blade_post', 'post_name', row.postId),
        }),
        req.lang,
      );
    },
  );

  const plain = { querystring: noQuery, response: answers.done() };
  app.get('/blade-auth/oauth/logout', { config: { access: 'user' }, schema: plain }, async (req) => {
    // the access token presented ends now, not when it expires
    endSignIn(app.ctx, req, actorOf(req).userId);
    return done(req.lang);
  });

  /** The web's error log, uploaded by the user: stored as error logs of kind `web`. */
  typed(app).post(
    '/blade-auth/oauth/logout',
    { config: { access: 'user' }, schema: { body: clientErrorsBody, response: answers.done() } },
    async (req) => {
      const entries = req.body;
      const me = actorOf(req);
      const insert = prepare(
        app.ctx.sqlite,
        `INSERT INTO blade_log_error (id, tenant_id, service_id, env, method, request_uri, user_agent, remote_ip, stack_trace,
         exception_name, message, params, time, create_by, create_time) VALUES (?, ?, 'web', 'web', 'GET', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      // a client log may quote a URL, a request or a response: secrets in it never reach the table
      const text = (v: string | Record<string, unknown> | undefined, max: number) =>
        scrubText((typeof v === 'object' ? JSON.stringify(redact(v)) : (v ?? '')).slice(0, max));
      app.ctx.sqlite.transaction(() => {
        for (const entry of entries.slice(0, 200)) {
          insert.run(
            BigInt(nextId()),
            me.tenantId,
            text(entry.url, 1000),
            text(req.headers['user-agent'], 1000),
            req.ip,
            text(entry.stack, 20000),
            text(entry.type, 100),
            text(entry.message, 4000),
            text(entry.info, 4000),
            text(entry.time, 64),
            me.account,
            formatDateTime(),
          );
        }
      })();
      return done(req.lang);
    },
  );

  app.get('/blade-auth/oauth/clear-cache', { config: { access: 'user' }, schema: plain }, async (req) => {
    app.ctx.grants.clear();
    return done(req.lang);
  });
}
