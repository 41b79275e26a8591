import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { afterAll, afterEach, expect } from 'vitest';
import { hashPassword } from '@psi/db/password';
import { writeDefaultReports } from '@psi/db/seed';
import { formatDateTime, nextId, type BladeLine } from '@psi/db/model';
import { unauthorizedAnswer } from '../src/core/line';
import { sm2 } from 'sm-crypto';
import { buildApp } from '../src/app';
import { sm2KeysFor } from '../src/modules/auth/sm2';

export const CAPTCHA = 'abcde';
export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const apps: FastifyInstance[] = [];
const dirs: string[] = [];

/** A fresh server on its own temporary database, seeded with the minimal data set. */
export async function testApp(
  opts: { seed?: 'minimal' | 'none' | 'demo'; line?: BladeLine; webDist?: string; faults?: boolean } = {},
): Promise<FastifyInstance> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-test-'));
  dirs.push(dir);
  const app = await buildApp({
    dataDir: dir,
    dbFile: path.join(dir, 'psi.db'),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    seed: opts.seed ?? 'minimal',
    captchaFixed: CAPTCHA,
    authRateLimit: 10_000,
    ...(opts.line ? { line: opts.line } : {}),
    ...(opts.webDist ? { webDist: opts.webDist } : {}),
    faults: opts.faults,
  });
  apps.push(app);
  checkAnswers(app);
  return app;
}

/** Every answer a test receives that its route's response schema does not describe. */
export const violations: string[] = [];

/**
 * Checks every JSON answer against the response schema its route declares for the status, so the
 * whole suite proves the schemas describe what the handlers send.
 */
function checkAnswers(app: FastifyInstance) {
  const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const patterns = new Map<string, RegExp>();
  const match = (method: string, url: string) => {
    const path = url.split('?')[0].replace(/\/+$/, '') || '/';
    const routes = app.routeTable.filter((r) => r.method === method);
    const exact = routes.find((r) => r.url === path);
    if (exact) return exact;
    return routes.find((r) => {
      if (!r.url.includes(':') || r.url.includes('*')) return false;
      let re = patterns.get(r.url);
      if (!re) patterns.set(r.url, (re = new RegExp(`^${r.url.replace(/:[^/]+/g, '[^/]+')}$`)));
      return re.test(path);
    });
  };
  (app as { inject: unknown }).inject = async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    const o = typeof opts === 'string' ? { url: opts, method: 'GET' } : opts;
    const url = typeof o.url === 'string' ? o.url : String(o.path ?? '');
    const route = match(String(o.method ?? 'GET').toUpperCase(), url);
    const responses = route?.schema?.response as
      Record<string, z.ZodType | { content: Record<string, { schema: z.ZodType }> }> | undefined;
    const declared = responses?.[String(res.statusCode)];
    // an answer declared per media type (files, streams) is checked when it is the JSON one
    const schema =
      declared && 'content' in declared ? declared.content['application/json']?.schema : declared;
    if (schema && String(res.headers['content-type'] ?? '').includes('json')) {
      const body: unknown = res.json();
      // the public line's unauthenticated answer is HTTP 200 on every route that needs a token
      const unauthenticated =
        app.ctx.options.line === 'springblade' &&
        res.statusCode === 200 &&
        (body as { code?: unknown }).code === 401;
      const result = (unauthenticated ? unauthorizedAnswer : schema).safeParse(body);
      if (!result.success)
        violations.push(
          `${route!.method} ${route!.url} ${res.statusCode}: ${result.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.')} ${i.message}`)
            .join('; ')}`,
        );
    }
    return res;
  };
}

afterAll(async () => {
  expect(violations, 'answers that differ from their route schemas').toEqual([]);
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export async function login(
  app: FastifyInstance,
  account = 'admin',
  password = 'admin',
  tenantId = '000000',
): Promise<{ token: string; refresh: string; body: Record<string, unknown> }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: BASIC, 'tenant-id': tenantId },
    query: {
      tenantId,
      username: account,
      password: md5(password),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  const body = res.json() as Record<string, unknown>;
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { token: body.access_token as string, refresh: body.refresh_token as string, body };
}

/** `app.inject` with the Blade-Auth header of a token. */
export function call(app: FastifyInstance, token: string | null, opts: InjectOptions) {
  return app.inject({
    ...opts,
    headers: { ...(opts.headers ?? {}), ...(token ? { 'blade-auth': `bearer ${token}` } : {}) },
  });
}

/**
 * A second tenant with an admin (role alias `admin`) and the default reports, written directly so the
 * foundation tests do not depend on the tenant API.
 */
export function addTenant(app: FastifyInstance, tenantId: string, grants: string[] = []) {
  const db = app.ctx.sqlite;
  const now = formatDateTime();
  db.prepare(
    `INSERT INTO blade_tenant (id, tenant_id, tenant_name, account_number, create_time, update_time, status, is_deleted)
     VALUES (?, ?, ?, -1, ?, ?, 1, 0)`,
  ).run(BigInt(nextId()), tenantId, `Tenant ${tenantId}`, now, now);
  const roleId = nextId();
  db.prepare(
    `INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias, status, is_deleted) VALUES (?, ?, 0, '管理员', 1, 'admin', 1, 0)`,
  ).run(BigInt(roleId), tenantId);
  const menus = grants.length
    ? (db
        .prepare(`SELECT id FROM blade_menu WHERE code IN (${grants.map(() => '?').join(',')})`)
        .all(...grants) as { id: bigint }[])
    : [];
  for (const m of menus)
    db.prepare('INSERT INTO blade_role_menu (id, menu_id, role_id) VALUES (?, ?, ?)').run(
      BigInt(nextId()),
      m.id,
      BigInt(roleId),
    );
  const userId = nextId();
  db.prepare(
    `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, post_id, user_type, create_time, update_time, status, is_deleted)
     VALUES (?, ?, 'admin', ?, '租户管理员', '租户管理员', ?, '', '', 1, ?, ?, 1, 0)`,
  ).run(BigInt(userId), tenantId, hashPassword(md5('secret')), roleId, now, now);
  const audit = { createUser: userId, createDept: '', createTime: now, updateUser: userId, updateTime: now };
  writeDefaultReports(app.ctx.db, tenantId, { ...audit, status: 1, isDeleted: 0 });
  app.ctx.grants.clear();
  return { roleId, userId };
}

/** One more account in a tenant (role and department of the tenant's admin), written directly. */
export function addUser(
  app: FastifyInstance,
  tenantId: string,
  account: string,
  password: string,
  createTime = formatDateTime(),
): string {
  const id = nextId();
  app.ctx.sqlite
    .prepare(
      `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, post_id, user_type, create_time, update_time, status, is_deleted)
       SELECT ?, ?, ?, ?, ?, ?, role_id, dept_id, '', 1, ?, ?, 1, 0 FROM blade_user
       WHERE tenant_id = ? AND account = 'admin' AND is_deleted = 0`,
    )
    .run(
      BigInt(id),
      tenantId,
      account,
      hashPassword(md5(password)),
      account,
      account,
      createTime,
      createTime,
      tenantId,
    );
  return id;
}

export const cleanup = afterEach;

/** The SM2 public key a public-line client is configured with: the server's own pair. */
export const sm2PublicKeyOf = (app: FastifyInstance) =>
  (app.ctx.options.sm2 ?? sm2KeysFor(app.ctx.options.dataDir)).publicKey;

/**
 * The public line's sign-in as Saber makes it (`POST /blade-auth/token`, the password grant, the
 * password SM2-encrypted with cipher mode 0): works on both lines.
 */
export async function publicLogin(
  app: FastifyInstance,
  account = 'admin',
  password = 'admin',
  tenantId = '000000',
): Promise<{ token: string; refresh: string; data: Record<string, unknown> }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/blade-auth/token',
    headers: { authorization: BASIC },
    query: {
      tenantId,
      account,
      password: sm2.doEncrypt(password, sm2PublicKeyOf(app), 0),
      grantType: 'password',
    },
  });
  const data = (res.json() as { data: Record<string, unknown> }).data;
  if (res.statusCode !== 200) throw new Error(`public sign-in failed: ${res.body}`);
  return { token: String(data.accessToken), refresh: String(data.refreshToken), data };
}
