import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BLADE_LINES, type Lang } from '@psi/db/model';
import { sm2 } from 'sm-crypto';
import { CAPTCHA, call, login, publicLogin, sm2PublicKeyOf, testApp } from '../helpers';
import { ok } from '../../src/core/envelope';
import type { Dialect } from '../../src/core/dialect';
import { withDialectIcons } from '../../src/modules/system/public-menu';
import type * as MenuService from '../../src/modules/system/menu-service';
import { buttonsFor, routesFor, topMenusFor, type MenuViewer } from '../../src/modules/system/menu-service';
import {
  adminClient,
  as,
  createRole,
  createUser,
  data,
  get,
  idsOf,
  leafCodes,
  menuIds,
  post,
} from './helpers';

// the builders, counted: a cached answer is one that was not built again
vi.mock('../../src/modules/system/menu-service', async (importOriginal) => {
  const actual = await importOriginal<typeof MenuService>();
  return {
    ...actual,
    routesFor: vi.fn(actual.routesFor),
    buttonsFor: vi.fn(actual.buttonsFor),
    topMenusFor: vi.fn(actual.topMenusFor),
  };
});

const MENU = '/api/blade-system/menu';
const SWORD = `Basic ${Buffer.from('sword:sword_secret').toString('base64')}`;
const builds = () =>
  vi.mocked(routesFor).mock.calls.length +
  vi.mocked(buttonsFor).mock.calls.length +
  vi.mocked(topMenusFor).mock.calls.length;

beforeEach(() => {
  vi.mocked(routesFor).mockClear();
  vi.mocked(buttonsFor).mockClear();
  vi.mocked(topMenusFor).mockClear();
});

/** Sword's sign-in: its own client, the captcha grant, the password SM2-encrypted. */
async function swordLogin(app: FastifyInstance): Promise<string> {
  const captcha = await app.inject({ method: 'GET', url: '/api/blade-auth/captcha' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/blade-auth/token',
    headers: {
      authorization: SWORD,
      'captcha-key': (captcha.json() as { data: { key: string } }).data.key,
      'captcha-code': CAPTCHA,
    },
    query: {
      account: 'admin',
      password: sm2.doEncrypt('admin', sm2PublicKeyOf(app), 0),
      grantType: 'captcha',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return String((res.json() as { data: { accessToken: string } }).data.accessToken);
}

/** The viewer a token speaks for, as the server reads it from the token. */
function viewerOf(app: FastifyInstance, token: string): MenuViewer {
  const claims = app.ctx.tokens.verify(token);
  if (!claims) throw new Error('token does not verify');
  return {
    tenantId: claims.tenant_id,
    roleIds: claims.role_id ? claims.role_id.split(',') : [],
    roleAliases: claims.role_name ? claims.role_name.split(',') : [],
  };
}

/** Each sidebar answer as the handlers built it before they were cached: the envelope, serialised. */
function uncached(app: FastifyInstance, url: string, viewer: MenuViewer, dialect: Dialect, lang: Lang) {
  const sqlite = app.ctx.sqlite;
  const topMenuId = new URL(url, 'http://x').searchParams.get('topMenuId') ?? undefined;
  const nodes = url.startsWith(`${MENU}/routes`)
    ? routesFor(sqlite, viewer, topMenuId)
    : url === `${MENU}/buttons`
      ? buttonsFor(sqlite, viewer)
      : topMenusFor(sqlite, viewer);
  return JSON.stringify(ok(withDialectIcons(dialect, nodes), lang));
}

describe.each(BLADE_LINES)('the sidebar answers on the %s line, cached', (line) => {
  it('are byte for byte what they were uncached, for every dialect, language and top menu', async () => {
    const app = await testApp({ line });
    const topMenu = app.ctx.sqlite
      .prepare('SELECT id FROM blade_top_menu WHERE is_deleted = 0 ORDER BY sort, id LIMIT 1')
      .get() as { id: bigint };
    const tokens: [Dialect, string][] = [
      ['saber', (await publicLogin(app)).token],
      ['sword', await swordLogin(app)],
    ];
    // the BladeX sign-in is a route the public line lacks
    if (line === 'bladex') tokens.push(['bladex', (await login(app)).token]);
    const urls = [
      `${MENU}/routes`,
      `${MENU}/routes?topMenuId=${topMenu.id}`,
      `${MENU}/buttons`,
      `${MENU}/top-menu`,
    ];
    // the JSON type the server gives an answer it serialises itself (the anonymous routes are not cached)
    const anonymous = await app.inject({ method: 'GET', url: `${MENU}/routes` });
    expect(anonymous.json()).toMatchObject({ code: 200, data: {} });
    const contentType = anonymous.headers['content-type'];

    const bodies = new Map<string, string>();
    // twice over every combination: the first round builds, the second is answered from the cache
    for (const round of [1, 2])
      for (const [dialect, token] of tokens)
        for (const lang of ['zh', 'en'] as const)
          for (const url of urls) {
            const res: LightMyRequestResponse = await call(app, token, {
              method: 'GET',
              url,
              headers: { 'accept-language': lang },
            });
            const what = `round ${round}: ${dialect} ${lang} ${url}`;
            expect(res.statusCode, what).toBe(200);
            expect(res.headers['content-type'], what).toBe(contentType);
            expect(res.body, what).toBe(uncached(app, url, viewerOf(app, token), dialect, lang));
            expect(Number(res.headers['content-length']), what).toBe(Buffer.byteLength(res.body));
            if (round === 2) expect(res.body, what).toBe(bodies.get(`${dialect} ${lang} ${url}`));
            bodies.set(`${dialect} ${lang} ${url}`, res.body);
          }
    // the answers differ where they should: by language, by dialect's icons, by top menu
    const some = (dialect: Dialect, lang: Lang, url: string) => bodies.get(`${dialect} ${lang} ${url}`);
    expect(some('saber', 'zh', `${MENU}/routes`)).not.toBe(some('saber', 'en', `${MENU}/routes`));
    expect(some('saber', 'zh', `${MENU}/routes`)).not.toBe(some('sword', 'zh', `${MENU}/routes`));
    expect(some('saber', 'zh', `${MENU}/routes`)).not.toBe(some('saber', 'zh', urls[1]));
    expect(some('saber', 'zh', `${MENU}/buttons`)).not.toBe(some('sword', 'zh', `${MENU}/buttons`));
  });
});

describe('the sidebar cache', () => {
  it('builds each answer once until the next write to the database', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    for (const url of [`${MENU}/routes`, `${MENU}/buttons`, `${MENU}/top-menu`]) {
      const before = builds();
      const first = await get(admin, url);
      expect(builds(), url).toBe(before + 1);
      const again = await get(admin, url);
      expect(again.body, url).toBe(first.body);
      expect(builds(), url).toBe(before + 1);
    }
    // another language is another answer
    const before = builds();
    await get(admin, `${MENU}/routes`, { 'accept-language': 'en' });
    expect(builds()).toBe(before + 1);
    // any write (here a parameter, which no sidebar shows) builds them again, unchanged
    const routes = (await get(admin, `${MENU}/routes`)).body;
    data(
      await post(admin, '/api/blade-system/param/submit', {
        paramName: 'n',
        paramKey: 'k.k',
        paramValue: 'v',
      }),
    );
    const rebuilt = builds();
    expect((await get(admin, `${MENU}/routes`)).body).toBe(routes);
    expect(builds()).toBe(rebuilt + 1);
  });

  it('shows a role grant and a menu rename at once in the routes and buttons of a user holding the role', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const roleId = await createRole(admin, app, 'clerk');
    data(
      await post(admin, '/api/blade-system/role/grant', {
        roleIds: [roleId],
        menuIds: menuIds(app, ['notice', 'notice_view']),
      }),
    );
    await createUser(admin, app, { account: 'clerk1', roleId });
    const clerk = as(app, (await login(app, 'clerk1', 'secret1')).token);
    const routes = async () =>
      data<{ id: string; name: string; children?: unknown[] }[]>(await get(clerk, `${MENU}/routes`));
    const buttons = async () =>
      leafCodes(data<{ code: string; children?: unknown[] }[]>(await get(clerk, `${MENU}/buttons`))).sort();
    // asked twice, so the answers the grant must replace are cached ones
    for (let round = 0; round < 2; round++) {
      expect(idsOf(await routes()).sort()).toEqual(menuIds(app, ['desk', 'notice']).sort());
      expect(await buttons()).toEqual(['notice_view']);
    }

    data(
      await post(admin, '/api/blade-system/role/grant', {
        roleIds: [roleId],
        menuIds: menuIds(app, ['notice', 'notice_view', 'param', 'param_add']),
      }),
    );
    expect(idsOf(await routes()).sort()).toEqual(menuIds(app, ['desk', 'notice', 'system', 'param']).sort());
    expect(await buttons()).toEqual(['notice_view', 'param_add']);

    const [desk] = menuIds(app, ['desk']);
    data(await post(admin, `${MENU}/submit`, { id: desk, name: '工作台（改）' }));
    expect((await routes()).find((r) => r.id === desk)?.name).toBe('工作台（改）');
    const [notice] = menuIds(app, ['notice']);
    data(await post(admin, `${MENU}/submit`, { id: notice, name: '通知（改）' }));
    const parents = data<{ id: string; name: string }[]>(await get(clerk, `${MENU}/buttons`));
    expect(parents.find((p) => p.id === notice)?.name).toBe('通知（改）');
  });
});
