import { expect, test, type Response } from '@playwright/test';
import { signInAsAdmin } from '../support/login';
import { resourcePage, rows, storeLanguage } from '../support/ui';

/**
 * The proxy project a second time, on the public SpringBlade line: this project's base URL is a proxy
 * in front of an instance of our server with `BLADE_LINE=springblade`. The proxy finds the line, the web
 * signs in the public way (SM2 password, the captcha shown) and opens the system screens with rows, in
 * Chinese and English, and no request of it answers 404 or 405, by HTTP status or by body code.
 */
test.describe.configure({ mode: 'serial' });

/** `GET /api/… 404`: an answer of the backend that says the route is absent, or null. */
async function absentRoute(response: Response): Promise<string | null> {
  const url = new URL(response.url());
  if (!url.pathname.startsWith('/api/')) return null;
  const route = `${response.request().method()} ${url.pathname}`;
  if ([404, 405].includes(response.status())) return `${route} ${response.status()}`;
  if (!(response.headers()['content-type'] ?? '').includes('json')) return null;
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  return body && [404, 405].includes(Number(body.code)) ? `${route} code ${String(body.code)}` : null;
}

/** The screens a SpringBlade administrator opens, by menu path. */
const screens = [
  '/system/user/index',
  '/system/menu/index',
  '/system/dict/index',
  '/system/dept/index',
  '/authority/role/index',
  '/system/param/index',
  '/system/tenant/index',
];

test('on the public line through the proxy: sign-in with the captcha, the system screens with rows, no absent route', async ({
  page,
  request,
}) => {
  const health = await request.get('/healthz');
  expect(await health.json()).toMatchObject({ mode: 'proxy' });

  const absent: Promise<string | null>[] = [];
  page.on('response', (response) => absent.push(absentRoute(response)));

  // the served page names the upstream's line and the key the password is encrypted with
  await page.goto('/login');
  const served = JSON.parse(
    (await page.locator('meta[name="psi-site"]').getAttribute('content')) ?? '{}',
  ) as { line?: string; sm2PublicKey?: string };
  expect(served.line).toBe('springblade');
  expect(served.sm2PublicKey).toMatch(/^04[0-9a-f]{128}$/i);

  // the public sign-in: the captcha is shown, the token comes from /blade-auth/token
  const token = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/blade-auth/token');
  await signInAsAdmin(page);
  expect((await token).status()).toBe(200);

  for (const language of ['zh', 'en'] as const) {
    await storeLanguage(page, language);
    for (const path of screens) {
      await page.goto(path);
      await expect(rows(resourcePage(page)).first(), `${language} ${path}`).toBeVisible();
    }
  }

  expect((await Promise.all(absent)).filter(Boolean)).toEqual([]);
});
