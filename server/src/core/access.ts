import { isDocumentationRoute } from './openapi';
import { queryOf } from './request';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUPER_ADMIN_ROLE, lineHasRoute, type Access } from '@psi/db/model';
import { forbidden, unauthorized } from './errors';
import type { SessionUser } from './context';
import { langOf } from './lang';
import { notFound } from './error-handler';

/**
 * GET routes the browser opens directly to download a file (a link cannot send a header): exports,
 * import templates and stored files. Only these read the token from `?blade-auth=`.
 */
const DOWNLOAD_ROUTE =
  /^\/api\/(?:.*\/(?:export|export-user|export-template|template)|blade-resource\/oss\/endpoint\/file\/.*)$/;

function isDownloadRoute(method: string, routeUrl: string | undefined): boolean {
  return method === 'GET' && !!routeUrl && DOWNLOAD_ROUTE.test(routeUrl);
}

/**
 * The token from `Blade-Auth: bearer …`; from `?blade-auth=bearer …` only on a download route
 * (elsewhere a query token is ignored: URLs end up in histories, proxies and logs). `Authorization`
 * carries the Basic client in Blade, so a bearer token there is not read.
 */
export function tokenOf(req: FastifyRequest): string | null {
  const strip = (v: unknown) => {
    if (typeof v !== 'string') return null;
    const m = /^bearer\s+(\S+)$/i.exec(v.trim());
    return m ? m[1] : null;
  };
  const header = req.headers['blade-auth'];
  if (header) return strip(header) ?? (typeof header === 'string' ? header.trim() : null);
  if (!isDownloadRoute(req.method, req.routeOptions.url)) return null;
  const q = queryOf(req)['blade-auth'];
  return strip(q);
}

function userFrom(app: FastifyInstance, token: string): SessionUser | null {
  const c = app.ctx.tokens.verify(token);
  if (!c || c.token_type !== 'access_token') return null;
  // taken back: disabled, locked, removed, password or roles changed, tenant closed, logged out
  if (!app.ctx.revocation.admits(c)) return null;
  const roleAliases = c.role_name ? c.role_name.split(',') : [];
  const roleIds = c.role_id ? c.role_id.split(',') : [];
  return {
    userId: c.user_id,
    tenantId: c.tenant_id,
    deptId: c.dept_id ?? '',
    postId: c.post_id ?? '',
    account: c.account,
    userName: c.nick_name || c.user_name,
    realName: c.real_name,
    roleIds,
    roleAliases,
    clientId: c.client_id,
    isSuperAdmin: c.tenant_id === '000000' && roleAliases.includes(SUPER_ADMIN_ROLE),
    // the super-admin role is never narrowed; everyone else carries their roles' data scopes
    dataScopes: roleAliases.includes(SUPER_ADMIN_ROLE) ? [] : app.ctx.grants.dataScopesFor(roleIds),
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

/** `/api/blade-desk/notice/list?x=1` → `/blade-desk/notice/list`: scope paths are written without `/api`. */
function apiPathOf(url: string): string {
  const path = url.split('?')[0];
  return path.startsWith('/api/') ? path.slice(4) : path;
}

/**
 * Whether a scope path admits a request path: `/a/b` exactly (or `/a/b/…`), `/a/**` anything under
 * `/a`, and `*` within one path segment (`/blade-desk/notice/l*` matches `list`).
 */
export function scopePathMatches(pattern: string, path: string): boolean {
  const p = apiPathOf(pattern.trim());
  if (!p.startsWith('/')) return false;
  if (p.endsWith('/**')) {
    const base = p.slice(0, -3);
    return path === base || path.startsWith(`${base}/`);
  }
  if (p.includes('*')) {
    const re = new RegExp(
      `^${p
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')}$`,
    );
    return re.test(path);
  }
  const base = p.endsWith('/') ? p.slice(0, -1) : p;
  return path === base || path.startsWith(`${base}/`);
}

/**
 * Api scopes: a role granted api scopes may call only the paths they name (every route that needs a
 * permission; public and signed-in-only routes such as menus and user info stay open). Roles without
 * api scopes are not limited; the platform super-admin role never is.
 */
function apiScopeAllows(app: FastifyInstance, user: SessionUser, url: string): boolean {
  if (user.roleAliases.includes(SUPER_ADMIN_ROLE)) return true;
  const rules = app.ctx.grants.apiScopesFor(user.roleIds);
  if (!rules.length) return true;
  const path = apiPathOf(url);
  return rules.some((r) => scopePathMatches(r.scopePath, path));
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
    const access =
      (route.config as { access?: Access } | undefined)?.access ??
      (isDocumentationRoute(route.url) ? 'public' : undefined);
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    for (const method of [route.method].flat())
      app.routeTable.push({ method, url: route.url, access, schema: route.schema });
  });
  // a write may have taken access back (the triggers bumped a generation): the next request sees it
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') app.ctx.revocation.sync();
    return payload;
  });
  const line = app.ctx.options.line ?? 'bladex';
  app.addHook('onRequest', async (req, reply) => {
    req.lang = langOf(req);
    const access = req.routeOptions.config?.access;
    if (!access) return;
    // a route the line lacks is unknown there, before any token is looked at (Spring maps the
    // handler before its secure interceptor runs)
    if (!lineHasRoute(line, apiPathOf(req.routeOptions.url ?? ''))) return notFound(req, reply);
    const token = tokenOf(req);
    const user = token ? userFrom(app, token) : null;
    req.user = user;
    if (access === 'public') return;
    if (!token) throw unauthorized('missingToken', line);
    // a session the demo reset ended says so: the sign-in page tells the user why they are back
    if (!user) throw unauthorized(app.ctx.tokens.endedByReset(token) ? 'demoReset' : 'unauthorized', line);
    if (!allows(app, user, access)) throw forbidden();
    if (access !== 'user' && !apiScopeAllows(app, user, req.url)) throw forbidden();
  });
}
