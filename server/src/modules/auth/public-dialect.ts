/**
 * The public SpringBlade dialect of sign-in, beside the BladeX one of `index.ts`, so the open-source
 * Saber and Sword clients run against this server: `GET /blade-auth/captcha`, `POST /blade-auth/token`
 * (camelCase parameters, an SM2-encrypted password, the answer wrapped in `R`), `POST
 * /blade-auth/logout`, and `GET /blade-auth/public-key` (the key those clients are configured with).
 * The accounts, lockout, password hashing and refresh rotation are the BladeX dialect's own.
 */
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { captchaSchema, emptyData, envelopeOf, type Lang } from '@psi/db/model';
import { md5Hex } from '@psi/db/password';
import { done, envelope, ok } from '../../core/envelope';
import { answers, formBody, noQuery } from '../../core/route-schemas';
import { actorOf } from '../../core/crud';
import { CaptchaStore } from './captcha';
import { authenticateClient, checkPassword, GrantError, issueTokens } from '../../core/sign-in';
import { sm2Decrypt, sm2KeysFor, type Sm2Keys } from './sm2';
import { endSignIn, header, refreshGrant, str } from './grants';
import { PUBLIC_DIALECT_TAG } from '../../core/dialect';
import { bodyOf, queryOf } from '../../core/request';

const tags = [PUBLIC_DIALECT_TAG];

/** Spring's `@RequestParam`s: the query string and an urlencoded body, merged (Saber the first, Sword the second). */
function paramsOf(req: FastifyRequest): Record<string, unknown> {
  return { ...bodyOf(req), ...queryOf(req) };
}

const tokenParams = {
  grantType: z.string().optional().describe('captcha, password or refresh_token (default password)'),
  tenantId: z.string().optional().describe('tenant of the account (default 000000)'),
  account: z.string().optional(),
  password: z.string().optional().describe('SM2 ciphertext (hex, cipher mode 0 = C1C2C3) of the password'),
  refreshToken: z.string().optional().describe('for grantType refresh_token'),
  scope: z.string().optional(),
  type: z.string().optional(),
};

/** Blade's `AuthInfo`, camelCase and wrapped in `R`. */
const authInfoSchema = z.looseObject({
  accessToken: z.string(),
  tokenType: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
  userId: z.string(),
  tenantId: z.string(),
  oauthId: z.string(),
  account: z.string(),
  userName: z.string(),
  avatar: z.string().describe('absolute URL'),
  authority: z.string().describe('comma-joined role aliases'),
  license: z.string(),
});

const publicKeySchema = z.object({
  publicKey: z.string().describe('uncompressed SM2 point 04‖X‖Y, hex'),
  cipherMode: z.literal(0).describe('sm-crypto cipher mode: 0 = C1C2C3'),
});

type Issued = ReturnType<typeof issueTokens>;

/** An absolute URL of the avatar: a path on this server is prefixed with the origin the client called. */
function absolute(req: FastifyRequest, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${req.protocol}://${req.host}${url.startsWith('/') ? '' : '/'}${url}`;
}

function authInfoOf(req: FastifyRequest, issued: Issued) {
  return {
    accessToken: issued.access_token,
    tokenType: issued.token_type,
    refreshToken: issued.refresh_token,
    expiresIn: issued.expires_in,
    userId: issued.user_id,
    tenantId: issued.tenant_id,
    oauthId: issued.oauth_id,
    account: issued.account,
    userName: issued.real_name || issued.nick_name,
    avatar: absolute(req, issued.avatar),
    authority: issued.role_name,
    license: issued.license,
  };
}

/** A refused grant in this dialect: the envelope with the status as its code and the message. */
function refusal(reply: FastifyReply, err: unknown, lang: Lang) {
  if (err instanceof GrantError)
    return reply.code(err.status).send(envelope(err.status, {}, err.describe(lang)));
  throw err;
}

const PUBLIC = { dialect: 'public' } as const;

export default async function publicDialectModule(app: FastifyInstance) {
  const { ctx } = app;
  const keys: Sm2Keys = ctx.options.sm2 ?? sm2KeysFor(ctx.options.dataDir);
  const captchas = new CaptchaStore(ctx.options.captchaFixed);
  const limit = { max: ctx.options.authRateLimit ?? 120, timeWindow: '1 minute' };

  app.get(
    '/blade-auth/captcha',
    {
      config: { access: 'public', rateLimit: limit },
      schema: { tags, querystring: noQuery, response: answers.of(captchaSchema) },
    },
    async (req) => ok(captchas.create(), req.lang),
  );

  app.get(
    '/blade-auth/public-key',
    {
      config: { access: 'public' },
      schema: { tags, querystring: noQuery, response: answers.of(publicKeySchema) },
    },
    async (req) => ok({ publicKey: keys.publicKey, cipherMode: 0 as const }, req.lang),
  );

  const failure = envelopeOf(emptyData);
  app.post(
    '/blade-auth/token',
    {
      config: { access: 'public', rateLimit: limit },
      schema: {
        tags,
        querystring: z.looseObject(tokenParams),
        body: formBody(tokenParams),
        response: { 200: envelopeOf(authInfoSchema), 400: failure, 401: failure },
      },
    },
    async (req, reply) => {
      const p = paramsOf(req);
      try {
        const client = authenticateClient(ctx, req.headers.authorization);
        const grant = str(p.grantType) || 'password';
        const granted = client.authorizedGrantTypes.split(',').map((g) => g.trim());
        if (!granted.includes(grant)) throw new GrantError(400, 'unsupportedGrant', { grant });
        if (grant === 'password' || grant === 'captcha') {
          if (
            grant === 'captcha' &&
            !captchas.verify(header(req, 'Captcha-Key'), header(req, 'Captcha-Code'))
          )
            throw new GrantError(400, 'badCaptcha');
          // the parameter as Blade reads it; a client that sends only the header is heard too
          const tenantId = str(p.tenantId) || header(req, 'Tenant-Id') || '000000';
          const account = str(p.account) ?? '';
          if (!account) throw new GrantError(400, 'badCredentials');
          // a ciphertext that does not decrypt is a wrong password: counted towards the lockout
          const plain = sm2Decrypt(str(p.password) ?? '', keys);
          const user = await checkPassword(ctx, tenantId, account, plain ? md5Hex(plain) : '');
          const issued = ctx.sqlite.transaction(() =>
            issueTokens(ctx, client, user, undefined, undefined, undefined, PUBLIC),
          )();
          app.log.info({ tenantId, account, dialect: 'public' }, 'sign-in');
          return ok(authInfoOf(req, issued), req.lang);
        }
        if (grant === 'refresh_token') {
          const issued = refreshGrant(ctx, client, str(p.refreshToken) ?? '', {}, PUBLIC);
          return ok(authInfoOf(req, issued), req.lang);
        }
        throw new GrantError(400, grant === 'social' ? 'grantNotConfigured' : 'unsupportedGrant', { grant });
      } catch (err) {
        return refusal(reply, err, req.lang);
      }
    },
  );

  /** Ends the sign-in: its refresh tokens and the access token presented stop working now. */
  app.post(
    '/blade-auth/logout',
    { config: { access: 'user' }, schema: { tags, querystring: noQuery, response: answers.done() } },
    async (req) => {
      endSignIn(ctx, req, actorOf(req).userId);
      return done(req.lang);
    },
  );
}
