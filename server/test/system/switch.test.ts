import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { configFromEnv } from '../../src/config';
import { withSiteConfig } from '../../src/core/site';
import { BASIC, login, md5, testApp } from '../helpers';
import {
  adminClient,
  as,
  createRole,
  createUser,
  data,
  FIN_DEPT,
  get,
  menuIds,
  OPS_DEPT,
  post,
  refused,
  type Client,
} from './helpers';

const TOKEN = '/api/blade-auth/oauth/token';

interface Switcher {
  app: FastifyInstance;
  admin: Client;
  userId: string;
  /** A role granted the notice menu, and one granted the param menu. */
  noticeRole: string;
  paramRole: string;
}

/** A user with two departments and two roles whose menus differ. */
async function switcher(): Promise<Switcher> {
  const app = await testApp();
  const admin = await adminClient(app);
  const noticeRole = await createRole(admin, app, 'sw_notice');
  const paramRole = await createRole(admin, app, 'sw_param');
  data(
    await post(admin, '/api/blade-system/role/grant', {
      roleIds: [noticeRole],
      menuIds: menuIds(app, ['desk', 'notice']),
    }),
  );
  data(
    await post(admin, '/api/blade-system/role/grant', {
      roleIds: [paramRole],
      menuIds: menuIds(app, ['system', 'param']),
    }),
  );
  const userId = await createUser(admin, app, {
    account: 'switcher',
    roleId: `${noticeRole},${paramRole}`,
    deptId: `${OPS_DEPT},${FIN_DEPT}`,
  });
  return { app, admin, userId, noticeRole, paramRole };
}

function signIn(app: FastifyInstance, headers: Record<string, string> = {}, lang?: string) {
  return app.inject({
    method: 'POST',
    url: TOKEN,
    headers: {
      authorization: BASIC,
      'tenant-id': '000000',
      ...(lang ? { 'accept-language': lang } : {}),
      ...headers,
    },
    query: {
      tenantId: '000000',
      username: 'switcher',
      password: md5('secret1'),
      grant_type: 'password',
      scope: 'all',
    },
  });
}

function refresh(app: FastifyInstance, refreshToken: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token/refresh',
    headers: { authorization: BASIC, 'tenant-id': '000000', ...headers },
    query: { tenantId: '000000', refresh_token: refreshToken, grant_type: 'refresh_token', scope: 'all' },
  });
}

/** Codes of the menu routes a token sees. */
async function menuCodes(app: FastifyInstance, token: string): Promise<string[]> {
  const routes = data<{ code: string; children?: unknown[] }[]>(
    await get(as(app, token), '/api/blade-system/menu/routes'),
  );
  const codes = (nodes: { code: string; children?: unknown[] }[]): string[] =>
    nodes.flatMap((n) => [n.code, ...codes((n.children ?? []) as { code: string; children?: unknown[] }[])]);
  return codes(routes);
}

describe('switch department and role: tokens', () => {
  it('signs in with all departments and roles when no header names one', async () => {
    const { app, noticeRole, paramRole } = await switcher();
    const res = await signIn(app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dept_id: `${OPS_DEPT},${FIN_DEPT}`,
      role_id: `${noticeRole},${paramRole}`,
      role_name: 'sw_notice,sw_param',
    });
    const codes = await menuCodes(app, res.json().access_token as string);
    expect(codes).toEqual(expect.arrayContaining(['notice', 'param']));
  });

  it('signs in with the Dept-Id and Role-Id headers: the token and the menus are those of the choice', async () => {
    const { app, paramRole } = await switcher();
    const res = await signIn(app, { 'dept-id': FIN_DEPT, 'role-id': paramRole });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dept_id: FIN_DEPT, role_id: paramRole, role_name: 'sw_param' });
    const codes = await menuCodes(app, res.json().access_token as string);
    expect(codes).toContain('param');
    expect(codes).not.toContain('notice');
    // the access token carries the same claims the server then acts on
    const info = data<{ roleAlias: string }>(
      await get(as(app, res.json().access_token as string), '/api/blade-auth/oauth/user-info'),
    );
    expect(info.roleAlias).toBe('sw_param');
  });

  it('refuses a department or role the user does not hold, in zh and en', async () => {
    const { app, admin } = await switcher();
    const otherRole = await createRole(admin, app, 'sw_other');
    const role = await signIn(app, { 'role-id': otherRole });
    expect(role.statusCode).toBe(400);
    expect(role.json().error_description).toBe('无权切换到该部门或角色');
    const dept = await signIn(app, { 'dept-id': '1123598813738675201' }, 'en');
    expect(dept.statusCode).toBe(400);
    expect(dept.json().error_description).toBe('You may not switch to this department or role');
    // a list is held only when all of it is
    const mixed = await signIn(app, { 'dept-id': `${OPS_DEPT},1123598813738675201` });
    expect(mixed.statusCode).toBe(400);
  });

  it('refreshes with the chosen department and role, keeps them without headers, refuses others', async () => {
    const { app, noticeRole, paramRole } = await switcher();
    const first = (await signIn(app)).json() as Record<string, string>;

    const chosen = await refresh(app, first.refresh_token, { 'dept-id': OPS_DEPT, 'role-id': noticeRole });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ dept_id: OPS_DEPT, role_id: noticeRole, role_name: 'sw_notice' });
    const codes = await menuCodes(app, chosen.json().access_token as string);
    expect(codes).toContain('notice');
    expect(codes).not.toContain('param');

    // the timer's refresh sends nothing new: the choice stays
    const kept = await refresh(app, chosen.json().refresh_token as string);
    expect(kept.json()).toMatchObject({ dept_id: OPS_DEPT, role_id: noticeRole });

    // a whole list the user holds is accepted (a token of several departments refreshed as it is)
    const all = await refresh(app, kept.json().refresh_token as string, {
      'dept-id': `${OPS_DEPT},${FIN_DEPT}`,
      'role-id': `${noticeRole},${paramRole}`,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({
      dept_id: `${OPS_DEPT},${FIN_DEPT}`,
      role_id: `${noticeRole},${paramRole}`,
    });

    const bad = await refresh(app, all.json().refresh_token as string, { 'role-id': '42' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toBe('无权切换到该部门或角色');
  });

  it('falls back to all the user holds when the kept choice was taken away', async () => {
    const { app, admin, userId, noticeRole, paramRole } = await switcher();
    const chosen = (await signIn(app, { 'role-id': noticeRole })).json() as Record<string, string>;
    expect(chosen.role_id).toBe(noticeRole);
    const detail = data<Record<string, unknown>>(await get(admin, `/api/blade-user/detail?id=${userId}`));
    data(await post(admin, '/api/blade-user/update', { ...detail, roleId: paramRole }));
    const res = await refresh(app, chosen.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role_id: paramRole, role_name: 'sw_param' });
  });
});

describe('switch department and role: the choices', () => {
  it('dept/select and role/select with userId answer the user own, whatever the current role', async () => {
    const { app, userId, noticeRole, paramRole } = await switcher();
    // signed in as the notice role only: no dept, user or role permission at all
    const body = (await signIn(app, { 'role-id': noticeRole })).json() as Record<string, string>;
    const me = as(app, body.access_token);
    const depts = data<{ id: string; deptName: string }[]>(
      await get(me, `/api/blade-system/dept/select?userId=${userId}`),
    );
    expect(depts.map((d) => d.id).sort()).toEqual([OPS_DEPT, FIN_DEPT].sort());
    expect(depts.every((d) => d.deptName.length > 0)).toBe(true);
    const roles = data<{ id: string; roleName: string }[]>(
      await get(me, `/api/blade-system/role/select?userId=${userId}`),
    );
    expect(roles.map((r) => r.id).sort()).toEqual([noticeRole, paramRole].sort());
    expect(roles.map((r) => r.roleName).sort()).toEqual(['角色sw_notice', '角色sw_param']);

    // the tenant's lists and other users' choices still need the permission
    refused(await get(me, '/api/blade-system/dept/select'), 403, 403);
    refused(await get(me, '/api/blade-system/role/select'), 403, 403);
    const adminId = String(
      (
        app.ctx.sqlite
          .prepare("SELECT id FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'")
          .get() as {
          id: bigint;
        }
      ).id,
    );
    refused(await get(me, `/api/blade-system/role/select?userId=${adminId}`), 403, 403);
    refused(await get(me, `/api/blade-system/dept/select?userId=${adminId}`), 403, 403);
  });

  it('an administrator reads another user own choices; bad ids are refused', async () => {
    const { app, admin, userId, noticeRole, paramRole } = await switcher();
    const roles = data<{ id: string }[]>(await get(admin, `/api/blade-system/role/select?userId=${userId}`));
    expect(roles.map((r) => r.id).sort()).toEqual([noticeRole, paramRole].sort());
    const depts = data<{ id: string }[]>(await get(admin, `/api/blade-system/dept/select?userId=${userId}`));
    expect(depts.map((d) => d.id).sort()).toEqual([OPS_DEPT, FIN_DEPT].sort());
    // without userId: the tenant's lists
    expect(data<unknown[]>(await get(admin, '/api/blade-system/role/select')).length).toBeGreaterThan(2);
    refused(await get(admin, '/api/blade-system/role/select?userId=abc'), 400, 400);
    expect(data<unknown[]>(await get(admin, '/api/blade-system/dept/select?userId=12345'))).toEqual([]);
    const anon = await app.inject({ method: 'GET', url: `/api/blade-system/dept/select?userId=${userId}` });
    expect(anon.statusCode).toBe(401);
  });

  it('the admin login is unaffected by the choice of a switcher', async () => {
    const { app } = await switcher();
    const { body } = await login(app);
    expect(body.role_name).toBe('administrator');
  });
});

describe('switch mode setting', () => {
  it('reads SWITCH_MODE (off by default) and refuses a value that is not a boolean', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-switch-'));
    try {
      expect(configFromEnv({ DATA_DIR: dir }).switchMode).toBe(false);
      expect(configFromEnv({ DATA_DIR: dir, SWITCH_MODE: 'true' }).switchMode).toBe(true);
      expect(configFromEnv({ DATA_DIR: dir, SWITCH_MODE: 'off' }).switchMode).toBe(false);
      expect(() => configFromEnv({ DATA_DIR: dir, SWITCH_MODE: 'maybe' })).toThrow(/SWITCH_MODE/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the site configuration into the served index.html, under the CSP without inline script', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-site-'));
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
    );
    const base = {
      dbFile: path.join(dir, 'psi.db'),
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      seed: 'minimal' as const,
      webDist: dist,
    };
    const on = await buildApp({ ...base, dataDir: dir, switchMode: true });
    try {
      for (const url of ['/', '/wel/index', '/index.html']) {
        const page = await on.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toContain(
          '<meta name="psi-site" content="{&quot;switchMode&quot;:true,&quot;line&quot;:&quot;bladex&quot;,',
        );
        expect(page.body, url).not.toMatch(/<script(?![^>]*src)/);
      }
      const csp = (await on.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
      expect(String(csp)).toContain("script-src 'self'");
    } finally {
      await on.close();
    }
    const off = await buildApp({ ...base, dataDir: dir });
    try {
      const page = await off.inject({ method: 'GET', url: '/login' });
      expect(page.body).toContain('{&quot;switchMode&quot;:false,');
    } finally {
      await off.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the same configuration in front of a real Blade gateway, saying it is a proxy', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-site-proxy-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
    const app = await buildApp({
      dataDir: dir,
      dbFile: path.join(dir, 'psi.db'),
      jwtSecret: '',
      upstream: 'http://127.0.0.1:9',
      webDist: dir,
      switchMode: true,
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/wel/index' });
      expect(page.body).toContain('{&quot;switchMode&quot;:true,&quot;proxyMode&quot;:true}');
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('replaces a configuration already in the page and escapes what it writes', () => {
    const html = '<html><head><meta name="psi-site" content="{}"></head></html>';
    const out = withSiteConfig(html, { switchMode: true });
    expect(out.match(/psi-site/g)).toHaveLength(1);
    expect(out).toContain('{&quot;switchMode&quot;:true}');
    expect(withSiteConfig('<p>no head</p>', { switchMode: false })).toMatch(/^<meta name="psi-site"/);
  });
});
