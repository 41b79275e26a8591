import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { ZONE } from './support/zone';

export const PORT = Number(process.env.E2E_PORT || 18080);
/** A second server with switch mode on (`SWITCH_MODE=true`), same build and demo data, own database. */
export const SWITCH_PORT = PORT + 1;
/** Proxy mode: an instance forwarding /api to a second instance of our server (its upstream). */
export const PROXY_PORT = PORT + 2;
export const UPSTREAM_PORT = PORT + 3;
/**
 * The proxy project a second time, on the public line: a proxy on PORT+5 in front of an instance on
 * `BLADE_LINE=springblade` on PORT+6 (PORT+4 is the second lane). Both share one SM2 key pair, the
 * upstream's, which the proxy serves to the web as a real SpringBlade client would be configured.
 */
export const PUBLIC_PROXY_PORT = PORT + 5;
export const PUBLIC_UPSTREAM_PORT = PORT + 6;
/** A key pair made for these tests only (never a public Blade default). */
const PUBLIC_SM2 = {
  SM2_PRIVATE_KEY: 'f1d385d3274a50fcdf14aed01c14cbee3e71d902444f4f93f98c76c016874da1',
  SM2_PUBLIC_KEY:
    '0441bf6d597e2b5abd4167f65ab0f9752f6ba3ccfdb34b0a8340149b5f4d4f1bc7' +
    '45a66756079ede62ec0e7316ea3202e7a14aa6c6e6881a87bb4871dc860438da',
};
/**
 * Two workers, each with a server and database of its own (a lane): worker 0 uses PORT, worker 1 the
 * second demo server. Specs stay as independent as with one worker, and no spec sees another's rows.
 */
const LANE_PORTS = [PORT, PORT + 4];
// Playwright sets TEST_PARALLEL_INDEX in each worker before it loads this file; the runner has none.
const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % LANE_PORTS.length;
const lanePort = LANE_PORTS[lane]!;
export const CAPTCHA = 'abcde';
const laneDataDirs = LANE_PORTS.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'psi-e2e-')));
const switchDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-e2e-switch-'));
const upstreamDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-e2e-upstream-'));
const proxyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-e2e-proxy-'));
const publicUpstreamDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-e2e-public-upstream-'));
const publicProxyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-e2e-public-proxy-'));
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The committed contract document, or the runner's test fixture until one is committed. */
const contractDocument = [
  path.join(repoRoot, 'contract/openapi.json'),
  path.join(repoRoot, 'contract/test/fixtures/openapi.json'),
].find((file) => fs.existsSync(file))!;
const PROXY_SPEC = /proxy-mode\.spec\.ts$/;
/**
 * The longest specs, each a few minutes (the audit and the layout checks of every list, one file per
 * theme and language or screen): Playwright hands out files in the order of the projects, then of the
 * file names, so these start first and the short specs fill in around them, rather than one of them
 * starting last and keeping one worker busy while the other has nothing left to run.
 */
const LONG_SPECS = /(a11y-audit-.*|layout-fit.*)\.spec\.ts$/;
const PUBLIC_PROXY_SPEC = /proxy-springblade\.spec\.ts$/;

/**
 * `E2E_SERVER_CLOCK=midnight` starts the servers with their clock at 00:05 of the next day in UTC+8
 * (or `E2E_SERVER_CLOCK="2026-11-26 16:05:00"`, a UTC time), running on from there through Debian's
 * `faketime`: specs must not depend on the hour or the day the servers think it is. Unset: the real clock.
 */
function serverClock(value: string | undefined): string | null {
  if (!value) return null;
  if (value !== 'midnight') return value;
  const eightHours = 8 * 3600_000;
  const day = Math.floor((Date.now() + eightHours) / 86_400_000) + 1;
  return new Date(day * 86_400_000 - eightHours + 5 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}
const clock = serverClock(process.env.E2E_SERVER_CLOCK);
const serverCommand = `${clock ? `TZ=UTC faketime -f "@${clock}" ` : ''}node ../scripts/start.mjs`;

const serverEnv = {
  HOST: '127.0.0.1',
  SEED: 'demo',
  // the specs assert DOMAIN.md section 5's document numbers and dates
  DEMO_TODAY: '2025-08-29',
  CAPTCHA_FIXED: CAPTCHA,
  LOG: 'off',
  // the bad-day specs (faults-*.spec.ts) ask these servers for faults
  FAULTS: 'on',
};

/** Debian's Chromium with the flags this sandbox needs (no GPU, no background network). */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: LANE_PORTS.length,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${lanePort}`,
    locale: 'zh-CN',
    timezoneId: ZONE,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // the proxy specs run against a proxy (upstream on each line); every other spec against its worker's
  // lane server, the long ones first
  projects: [
    { name: 'long', testMatch: LONG_SPECS },
    { name: 'default', testIgnore: [LONG_SPECS, PROXY_SPEC, PUBLIC_PROXY_SPEC] },
    { name: 'proxy', testMatch: PROXY_SPEC, use: { baseURL: `http://127.0.0.1:${PROXY_PORT}` } },
    {
      name: 'proxy-springblade',
      testMatch: PUBLIC_PROXY_SPEC,
      use: { baseURL: `http://127.0.0.1:${PUBLIC_PROXY_PORT}` },
    },
  ],
  // Playwright starts these one after the other: the first builds the web when it is stale, the
  // others reuse that build and only migrate and seed their own databases (about two seconds each).
  webServer: [
    {
      command: serverCommand,
      url: `http://127.0.0.1:${PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { ...serverEnv, PORT: String(PORT), DATA_DIR: laneDataDirs[0] },
    },
    ...LANE_PORTS.slice(1).map((port, index) => ({
      command: serverCommand,
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      env: { ...serverEnv, PORT: String(port), DATA_DIR: laneDataDirs[index + 1], SKIP_WEB_BUILD: '1' },
    })),
    {
      command: serverCommand,
      url: `http://127.0.0.1:${SWITCH_PORT}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(SWITCH_PORT),
        DATA_DIR: switchDataDir,
        SWITCH_MODE: 'true',
        SKIP_WEB_BUILD: '1',
      },
    },
    {
      command: 'node ../scripts/start.mjs',
      url: `http://127.0.0.1:${UPSTREAM_PORT}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { ...serverEnv, PORT: String(UPSTREAM_PORT), DATA_DIR: upstreamDataDir, SKIP_WEB_BUILD: '1' },
    },
    {
      command: 'node ../scripts/start.mjs',
      url: `http://127.0.0.1:${PROXY_PORT}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        HOST: '127.0.0.1',
        LOG: 'off',
        FAULTS: 'on',
        PORT: String(PROXY_PORT),
        DATA_DIR: proxyDataDir,
        BLADE_UPSTREAM: `http://127.0.0.1:${UPSTREAM_PORT}/api`,
        CONTRACT_DOCUMENT: contractDocument,
        SKIP_WEB_BUILD: '1',
      },
    },
    {
      command: 'node ../scripts/start.mjs',
      url: `http://127.0.0.1:${PUBLIC_UPSTREAM_PORT}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        ...serverEnv,
        ...PUBLIC_SM2,
        PORT: String(PUBLIC_UPSTREAM_PORT),
        DATA_DIR: publicUpstreamDataDir,
        BLADE_LINE: 'springblade',
        SKIP_WEB_BUILD: '1',
      },
    },
    {
      command: 'node ../scripts/start.mjs',
      url: `http://127.0.0.1:${PUBLIC_PROXY_PORT}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        HOST: '127.0.0.1',
        LOG: 'off',
        PORT: String(PUBLIC_PROXY_PORT),
        DATA_DIR: publicProxyDataDir,
        // the proxy finds the upstream's line by asking it; its public key is configuration
        BLADE_UPSTREAM: `http://127.0.0.1:${PUBLIC_UPSTREAM_PORT}/api`,
        BLADE_SM2_PUBLIC_KEY: PUBLIC_SM2.SM2_PUBLIC_KEY,
        SKIP_WEB_BUILD: '1',
      },
    },
  ],
});
