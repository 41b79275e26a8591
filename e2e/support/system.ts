import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { apiHeaders, signIn } from './login';

/** API calls on behalf of the signed-in user of a page, for the system screens' specs. */

export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

export async function apiGet<T = unknown>(
  page: Page,
  url: string,
  params: Record<string, string | number> = {},
): Promise<Envelope<T>> {
  const response = await page.request.get(`/api${url}`, { headers: await apiHeaders(page), params });
  return (await response.json()) as Envelope<T>;
}

export async function apiPost<T = unknown>(
  page: Page,
  url: string,
  data?: unknown,
  params: Record<string, string | number> = {},
): Promise<Envelope<T>> {
  const response = await page.request.post(`/api${url}`, {
    headers: await apiHeaders(page),
    data: data ?? undefined,
    params,
  });
  return (await response.json()) as Envelope<T>;
}

/** A six-digit tenant id unlikely to exist yet. */
export function freshTenantId(): string {
  return String(200000 + Math.floor(Math.random() * 700000));
}

/** Creates a tenant (its `admin` account gets the default password `admin`); answers its id. */
export async function createTenant(page: Page, name: string): Promise<string> {
  const tenantId = freshTenantId();
  const saved = await apiPost(page, '/blade-system/tenant/submit', {
    tenantId,
    tenantName: name,
    linkman: 'E2E',
    contactNumber: '13800000000',
  });
  expect(saved.success, saved.msg).toBe(true);
  return tenantId;
}

/** Signs in and waits for the home page. */
export async function signInAs(page: Page, account: string, password: string, tenantId: string) {
  await signIn(page, account, password, tenantId);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/** Signs the current user out by clearing the stored session. */
export async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}
