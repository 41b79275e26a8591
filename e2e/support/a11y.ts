import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.0 and 2.1 rule sets, levels A and AA (docs/accessibility.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail the audit; moderate and minor ones are reported but do not fail it. */
const BLOCKING = new Set(['serious', 'critical']);

export type Theme = 'default' | 'dark';
export type Language = 'zh' | 'en';

/** One screen's serious or critical faults, one line per rule with a few of its elements. */
export async function auditScreen(page: Page, screen: string): Promise<string[]> {
  // antd's motion (fading dialogs, sliding tabs) must have finished: axe reads computed colours
  await page.waitForTimeout(350);
  const blocking = async () =>
    (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((violation) =>
      BLOCKING.has(violation.impact ?? ''),
    );
  let violations = await blocking();
  // a colour read while a menu item still fades to its selected state is not the screen's colour: what
  // is found is looked at once more, after the longest transition, and only what stays is a fault
  if (violations.length) {
    await page.waitForTimeout(800);
    violations = await blocking();
  }
  return violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 4)
      .map((node) => `${node.html.slice(0, 160)} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
      .join(' | ');
    return `${screen}: ${violation.id} (${violation.impact}, ${violation.nodes.length}) ${targets}`;
  });
}

/** Saves theme and language the way the settings store does; the next navigation applies them. */
export async function setPreferences(page: Page, theme: Theme, language: Language) {
  await page.evaluate(
    ([name, lang]) => {
      const raw = localStorage.getItem('saber-settings');
      const parsed = raw ? (JSON.parse(raw) as { state?: Record<string, unknown> }) : { state: {} };
      localStorage.setItem(
        'saber-settings',
        JSON.stringify({ version: 0, ...parsed, state: { ...parsed.state, theme: name, language: lang } }),
      );
    },
    [theme, language] as const,
  );
}
