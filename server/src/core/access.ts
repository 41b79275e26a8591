import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUPER_ADMIN_ROLE, type Access } from '@psi/db/model';
import { forbidden, unauthorized } from './errors';
import type { SessionUser } from './context';
import { langOf } from './lang';

/** The token from `Blade-Auth: bearer …`, `Authorization: Bearer …` or `?blade-auth=bearer …`. */
export function tokenOf(req: FastifyRequest): string | null {
  const strip = (v: unknown) => {
    if (typeof v !== 'string') return null;
    const m = /^bearer\s+(\S+)$/i.exec(v.trim());
    return m ? m[1] : null;
  };
  const header = req.headers['blade-auth'];
  if (header) return strip(header) ?? (typeof header === 'string' ? header.trim() : null);
  const bearer = strip(req.headers.authorization);
  if (bearer) return bearer;
  const q = (req.query as Record<string, unknown> | undefined)?.['blade-auth'];
  return strip(q);
}

function userFrom(app: FastifyInstance, token: string): SessionUser | null {
  const c = app.ctx.tokens.verify(token);
  if (!c || c.token_type !== 'access_token') return null;
  const roleAliases = c.role_name ? c.role_name.split(',') : [];
  return {
    userId: c.user_id,
    tenantId: c.tenant_id,
    deptId: c.dept_id ?? '',
    postId: c.post_id ?? '',
    account: c.account,
    userName: c.nick_name || c.user_name,
    realName: c.real_name,
    roleIds: c.role_id ? c.role_id.split(',') : [],
    roleAliases,
    clientId: c.client_id,
    isSuperAdmin: c.tenant_id === '000000' && roleAliases.includes(SUPER_ADMIN_ROLE),
  };
}

export function allows(app: FastifyInstance, user: SessionUser, access: Access): boolean {
  if (access === 'public' || access === 'user') return true;
  if ('role' in access) return user.roleAliases.some((r) => access.role.includes(r));
  if (user.roleAliases.includes(SUPER_ADMIN_ROLE)) return true;
  const codes = app.ctx.grants.codesFor(user.roleIds);
  if ('menu' in access) return codes.has(access.menu);
  const needed = Array.isArray(access.button) ? access.button : [access.button];
  return needed.some((c) => codes.has(c));
}

/**
 * Default deny: every route must declare who may call it (`config.access`), or the server refuses to
 * start. Each request is then checked before its body is read.
 */
export function registerAccessControl(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('lang', 'zh');
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    if (
      route.method === 'HEAD' ||
      route.url === '*' ||
      (route.config as { proxied?: boolean } | undefined)?.proxied
    )
      return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, access });
  });
  app.addHook('onRequest', async (req) => {
    req.lang = langOf(req);
    const access = req.routeOptions.config?.access;
    if (!access) return;
    const token = tokenOf(req);
    const user = token ? userFrom(app, token) : null;
    req.user = user;
    if (access === 'public') return;
    if (!token) throw unauthorized('missingToken');
    if (!user) throw unauthorized('unauthorized');
    if (!allows(app, user, access)) throw forbidden();
  });
}
