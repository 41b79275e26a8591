/**
 * Sign-in to the first chart drawn, as a user sees it: Chromium (headless, 1366×768) opens the built web
 * that the bench server serves, fills the login form, submits it and waits for the home page's first
 * echarts frame. The web sets a `performance.mark` on that frame (`web/src/pages/psi/home/Chart.tsx`);
 * the figure is the time from the click to that mark, on the page's own clock.
 */
import { chromium } from 'playwright-core';

/** The mark the home chart sets on its first frame (`FIRST_CHART_MARK` in web/src/pages/psi/home/Chart.tsx). */
const FIRST_CHART_MARK = 'psi:first-chart-drawn';
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

interface SignIn {
  tenantId: string;
  account: string;
  password: string;
  captcha: string;
}

/**
 * Where a run's time went, in ms from the click on the page's clock: when the token, the sidebar's menus
 * and the home figures had answered, when the last script the page fetched meanwhile had arrived (and how
 * many, how large), and when the chart drew. The gaps between them are the page's own work.
 */
export interface FirstChartSteps {
  tokenMs: number | null;
  menusMs: number | null;
  figuresMs: number | null;
  scriptsMs: number | null;
  scripts: number;
  scriptKiB: number;
  chartMs: number;
}

export interface FirstChart {
  /** sign-in click to the first chart frame, one per run (each in a fresh browser context: cold cache) */
  runsMs: number[];
  medianMs: number;
  /** the steps of the median run */
  steps: FirstChartSteps;
}

/** The fields of the browser's PerformanceResourceTiming read here (the server's types have no DOM). */
interface ResourceEntry {
  name: string;
  startTime: number;
  responseEnd: number;
  transferSize: number;
}

/** Reads the steps of the run from the page's resource timing (every request since the click); runs in the page. */
function stepsOf(mark: string): FirstChartSteps {
  const start = performance.getEntriesByName('bench:sign-in')[0]!.startTime;
  const chartMs = performance.getEntriesByName(mark)[0]!.startTime - start;
  const since = (performance.getEntriesByType('resource') as unknown as ResourceEntry[]).filter(
    (entry) => entry.startTime >= start && entry.responseEnd - start <= chartMs,
  );
  const answered = (part: string) => {
    const ends = since.filter((entry) => entry.name.includes(part)).map((entry) => entry.responseEnd - start);
    return ends.length ? Math.max(...ends) : null;
  };
  const scripts = since.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
  return {
    tokenMs: answered('/oauth/token'),
    menusMs: answered('/menu/routes'),
    figuresMs: answered('/dashboard/summary'),
    scriptsMs: scripts.length ? Math.max(...scripts.map((entry) => entry.responseEnd - start)) : null,
    scripts: scripts.length,
    scriptKiB: scripts.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024,
    chartMs,
  };
}

export async function measureFirstChart(base: string, user: SignIn, runs = 3): Promise<FirstChart> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const runsMs: number[] = [];
  const steps: FirstChartSteps[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      // the bench runs under tsx, whose transform names inner functions with a helper of its own
      // (`__name`): the functions evaluated in the page find it there
      await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.getByTestId('login-tenant').fill(user.tenantId);
      await page.getByTestId('login-account').fill(user.account);
      await page.getByTestId('login-password').fill(user.password);
      await page.getByTestId('login-captcha-image').waitFor();
      await page.getByTestId('login-captcha').fill(user.captcha);
      // the click's time on the page's clock, taken as the click is dispatched
      const submit = page.getByTestId('login-submit');
      await submit.evaluate((button) =>
        button.addEventListener('click', () => performance.mark('bench:sign-in'), { once: true }),
      );
      await submit.click();
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_CHART_MARK, {
        timeout: 30_000,
      });
      const run = await page.evaluate(stepsOf, FIRST_CHART_MARK);
      runsMs.push(run.chartMs);
      steps.push(run);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const median = [...steps].sort((a, b) => a.chartMs - b.chartMs)[Math.floor(steps.length / 2)]!;
  return { runsMs, medianMs: median.chartMs, steps: median };
}
