import { expect, test, type Page } from '@playwright/test';
import { signInDemo, shot } from '../support/psi';
import { apiGet } from '../support/system';

/**
 * English all the way: every menu screen of the platform administrator, a depository and a school,
 * walked through the menu, shows no Chinese interface text; data (school and book names, the user's
 * name) may be Chinese. Then the phone header and the charts of the dark theme.
 */

const CJK = /[\u3400-\u9fff]/;

/** Interface text: menus, tabs, column titles, tags, buttons, labels, titles, messages, placeholders. */
const INTERFACE = [
  '.ant-menu-title-content',
  '.ant-tabs-tab',
  'th',
  '.ant-tag',
  'button:not([data-testid=user-menu])',
  'label',
  '.ant-card-head-title',
  '.ant-statistic-title',
  '.ant-select-selection-placeholder',
  '.ant-empty-description',
  '.ant-pagination',
  '.ant-message',
  '.ant-breadcrumb',
].join(', ');

interface MenuNode {
  path: string;
  children?: MenuNode[];
}

async function menuScreens(page: Page): Promise<string[]> {
  const routes = await apiGet<MenuNode[]>(page, '/blade-system/menu/routes');
  const leaves: string[] = [];
  const walk = (nodes: MenuNode[]) =>
    nodes.forEach((node) => (node.children?.length ? walk(node.children) : leaves.push(node.path)));
  walk(routes.data);
  return leaves
    .filter((path) => path.startsWith('/'))
    .map((path) => (path.endsWith('/index') ? path : `${path}/index`));
}

/** The Chinese interface texts on the current screen, once it has loaded. */
async function chineseInterfaceTexts(page: Page): Promise<string[]> {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await page.waitForTimeout(300);
  return page.evaluate(
    ([selector, cjk]) => {
      const pattern = new RegExp(cjk);
      const found = new Set<string>();
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        const text = element.innerText?.trim();
        if (text && pattern.test(text)) found.add(text.replace(/\s+/g, ' '));
      }
      for (const element of Array.from(document.querySelectorAll('[placeholder]'))) {
        const text = element.getAttribute('placeholder') ?? '';
        if (pattern.test(text)) found.add(`placeholder: ${text}`);
      }
      return [...found];
    },
    [INTERFACE, CJK.source] as const,
  );
}

const accounts = [
  { account: 'pt_admin', role: 'platform administrator' },
  { account: 'ck_jx', role: 'depository' },
  { account: 'xx_mingde', role: 'school' },
] as const;

for (const { account, role } of accounts) {
  test(`every menu screen of the ${role} is in English`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInDemo(page, account, 'en');
    // the role by its name, never its alias
    await expect(page.getByTestId('welcome-role')).not.toHaveText(/_admin/);
    const screens = await menuScreens(page);
    expect(screens.length).toBeGreaterThan(3);
    const chinese: Record<string, string[]> = {};
    for (const screen of ['/wel/index', ...screens]) {
      await page.goto(screen);
      await expect(page.getByTestId('side-menu')).toBeVisible();
      const texts = await chineseInterfaceTexts(page);
      if (texts.length) chinese[screen] = texts;
    }
    expect(chinese).toEqual({});
    await shot(page, `english-${account}`);
  });
}

/** The boxes of the header's visible controls. */
async function headerBoxes(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.psi-header__left > *, .psi-header__right > *'))
      .map((element) => {
        const box = element.getBoundingClientRect();
        return { name: element.className.toString(), left: box.left, right: box.right, width: box.width };
      })
      .filter((box) => box.width > 0),
  );
}

for (const language of ['zh', 'en'] as const) {
  test(`phone header (${language}): controls side by side, no developer tools for a school`, async ({
    page,
  }) => {
    // signed in on a wide screen (the helper waits for the side menu), then seen on a phone
    await signInDemo(page, 'xx_mingde', language);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.getByTestId('header-error-log')).toHaveCount(0);
    const boxes = await headerBoxes(page);
    expect(boxes.length).toBeGreaterThan(4);
    const sorted = [...boxes].sort((a, b) => a.left - b.left);
    for (let i = 1; i < sorted.length; i += 1)
      expect(sorted[i].left, `${sorted[i - 1].name} | ${sorted[i].name}`).toBeGreaterThanOrEqual(
        sorted[i - 1].right - 0.5,
      );
    expect(sorted.at(-1)!.right).toBeLessThanOrEqual(390);
    await shot(page, `phone-home-school-${language}`);
  });
}

test('the platform super administrator keeps the error log on the phone, without overlaps', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.evaluate(() =>
    localStorage.setItem('saber-settings', JSON.stringify({ state: { language: 'en' } })),
  );
  await page.reload();
  await page.getByTestId('login-tenant').fill('000000');
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('admin');
  await page.getByTestId('login-captcha').fill('abcde');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-error-log')).toBeVisible();
  const boxes = (await headerBoxes(page)).sort((a, b) => a.left - b.left);
  for (let i = 1; i < boxes.length; i += 1)
    expect(boxes[i].left).toBeGreaterThanOrEqual(boxes[i - 1].right - 0.5);
  expect(boxes.at(-1)!.right).toBeLessThanOrEqual(390);
});

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: number[]): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

test('dark theme: the chart labels are light on the dark card (contrast at least 4.5:1)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/login');
  await page.evaluate(() =>
    localStorage.setItem('saber-settings', JSON.stringify({ state: { language: 'en', theme: 'dark' } })),
  );
  await signInDemo(page, 'pt_admin', 'en');
  const chart = page.getByTestId('chart-status');
  await expect(chart.locator('canvas')).toBeVisible();
  await page.waitForTimeout(1500);
  const { card, text } = await chart.evaluate((element) => {
    const parse = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    let surface: Element | null = element;
    while (surface && getComputedStyle(surface).backgroundColor.replace(/\s/g, '') === 'rgba(0,0,0,0)')
      surface = surface.parentElement;
    const card = parse(getComputedStyle(surface!).backgroundColor);
    const canvas = element.querySelector('canvas')!;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    // the lightest grey pixel as seen on the card (the canvas is transparent): label text, since the
    // series are coloured
    let best = [0, 0, 0];
    for (let i = 0; i < pixels.length; i += 4) {
      const alpha = pixels[i + 3] / 255;
      if (alpha === 0) continue;
      const [r, g, b] = [0, 1, 2].map((k) => pixels[i + k] * alpha + card[k] * (1 - alpha));
      if (Math.max(r, g, b) - Math.min(r, g, b) > 12) continue;
      if (r + g + b > best[0] + best[1] + best[2]) best = [r, g, b];
    }
    return { card, text: best };
  });
  const [light, dark] = [luminance(text), luminance(card)].sort((a, b) => b - a);
  expect(luminance(card)).toBeLessThan(0.05);
  expect((light + 0.05) / (dark + 0.05)).toBeGreaterThanOrEqual(4.5);
  await shot(page, 'dark-home-platform-en');
});
