import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { ZONE } from './support/zone';

export const PORT = Number(process.env.E2E_PORT || 18080);
/** A second server with switch mode on (`SWITCH_MODE=true`), same build and demo data, own database. */
export const SWITCH_PORT = PORT + 1;
export const CAPTCHA = 'abcde';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-e2e-'));
const switchDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-e2e-switch-'));

const serverEnv = {
  HOST: '127.0.0.1',
  SEED: 'demo',
  // the specs assert DOMAIN.md section 5's document numbers and dates
  DEMO_TODAY: '2025-08-29',
  CAPTCHA_FIXED: CAPTCHA,
  LOG: 'off',
};

/** Debian's Chromium with the flags this sandbox needs (no GPU, no background network). */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  // Playwright starts these one after the other: the first builds the web when it is stale, the
  // second reuses that build and only migrates and seeds its own database (about two seconds).
  webServer: [
    {
      command: 'node ../scripts/start.mjs',
      url: `http://127.0.0.1:${PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { ...serverEnv, PORT: String(PORT), DATA_DIR: dataDir },
    },
    {
      command: 'node ../scripts/start.mjs',
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
  ],
});
