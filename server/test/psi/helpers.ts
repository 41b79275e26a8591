import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { afterAll, expect } from 'vitest';
import { displayMoney } from '@psi/db/model';
import { buildApp } from '../../src/app';
import { call, login } from '../helpers';
import { loadDemoFixture } from '../../src/seed/demo';
import { assertInvariants } from './invariants';

export { assertInvariants };
export const DEMO_PASSWORD = loadDemoFixture().password;
export const PSI = '/api/blade-psi';

const apps: FastifyInstance[] = [];
const dirs: string[] = [];

/**
 * A server on a fresh temporary database seeded with the demo data set (DOMAIN.md section 5), dated to
 * `demoToday` (default `DEMO_TODAY`, which the test configuration pins to the story's own 2025-08-29).
 */
export const demoApp = (demoToday?: string): Promise<FastifyInstance> => demoAppBuiltBy(buildApp, demoToday);

/** `demoApp` built by `build`: a `buildApp` loaded afresh (after a test changed a declaration). */
export async function demoAppBuiltBy(build: typeof buildApp, demoToday?: string): Promise<FastifyInstance> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-demo-'));
  dirs.push(dir);
  const app = await build({
    dataDir: dir,
    dbFile: path.join(dir, 'psi.db'),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    seed: 'demo',
    demoToday,
    captchaFixed: 'abcde',
    authRateLimit: 100_000,
  });
  apps.push(app);
  return app;
}

afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** A signed-in demo user with shorthand calls. */
export class Client {
  constructor(
    readonly app: FastifyInstance,
    readonly token: string,
    readonly lang: 'zh' | 'en' = 'zh',
  ) {}

  private headers() {
    return this.lang === 'en' ? { 'accept-language': 'en' } : {};
  }

  async get<T = unknown>(
    url: string,
    query: Record<string, string> = {},
  ): Promise<Envelope<T> & { status: number }> {
    const res = await call(this.app, this.token, {
      method: 'GET',
      url: `${PSI}/${url}`,
      query,
      headers: this.headers(),
    });
    return { ...(res.json() as Envelope<T>), status: res.statusCode };
  }

  async post<T = unknown>(url: string, body: unknown = {}, query: Record<string, string> = {}) {
    const res = await call(this.app, this.token, {
      method: 'POST',
      url: `${PSI}/${url}`,
      payload: body as Record<string, unknown>,
      query,
      headers: this.headers(),
    });
    return { ...(res.json() as Envelope<T>), status: res.statusCode };
  }

  async upload<T = unknown>(url: string, file: Buffer, name = 'import.xlsx') {
    const boundary = '----psi-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await call(this.app, this.token, {
      method: 'POST',
      url: `${PSI}/${url}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...this.headers() },
    });
    return { ...(res.json() as Envelope<T>), status: res.statusCode };
  }

  /** Like `post`, expecting success. */
  async ok<T = Record<string, unknown>>(url: string, body: unknown = {}): Promise<T> {
    const r = await this.post<T>(url, body);
    expect(r.msg, `${url} should succeed`).toBe(this.lang === 'en' ? 'Operation successful' : '操作成功');
    expect(r.success).toBe(true);
    return r.data;
  }
}

const tenantOf = (account: string) =>
  ['pt_admin2', 'ck_qt', 'xx_qt'].includes(account) ? '100002' : '100001';

export async function as(app: FastifyInstance, account: string, lang: 'zh' | 'en' = 'zh'): Promise<Client> {
  const { token } =
    account === 'admin' ? await login(app) : await login(app, account, DEMO_PASSWORD, tenantOf(account));
  return new Client(app, token, lang);
}

/** A single value by SQL (ids as text, integers as numbers). */
export function one<T = Record<string, unknown>>(app: FastifyInstance, sql: string, ...params: unknown[]): T {
  const s = app.ctx.sqlite.prepare(sql);
  s.safeIntegers(false);
  return s.get(...params) as T;
}

export function rows<T = Record<string, unknown>>(
  app: FastifyInstance,
  sql: string,
  ...params: unknown[]
): T[] {
  const s = app.ctx.sqlite.prepare(sql);
  s.safeIntegers(false);
  return s.all(...params) as T[];
}

/** Id of a live row of tenant 100001 (or `tenant`) by a code column. */
export function idOf(
  app: FastifyInstance,
  table: string,
  column: string,
  value: string,
  tenant = '100001',
): string {
  const r = one<{ id: string }>(
    app,
    `SELECT CAST(id AS TEXT) AS id FROM ${table} WHERE tenant_id = ? AND ${column} = ? AND is_deleted = 0`,
    tenant,
    value,
  );
  if (!r) throw new Error(`no ${table}.${column} = ${value}`);
  return r.id;
}

export const goodsId = (app: FastifyInstance, code: string, tenant = '100001') =>
  idOf(app, 'psi_goods_info', 'goods_code', code, tenant);
/** A book as messages name it: its title and ISBN (never the internal code the screens do not show). */
export function bookLabel(app: FastifyInstance, code: string, tenant = '100001'): string {
  const g = one<{ name: string; isbn: string }>(
    app,
    `SELECT goods_name AS name, isbn FROM psi_goods_info WHERE goods_code = ? AND tenant_id = ? AND is_deleted = 0`,
    code,
    tenant,
  );
  return `${g.name} (ISBN ${g.isbn})`;
}

/** A message's parameters as the story writes them (a book code, `"1248.00"`) in the words the server uses. */
export function messageParams(
  app: FastifyInstance,
  params: Record<string, string | number> = {},
): Record<string, string | number> {
  const out = { ...params };
  if (typeof out.goods === 'string' && /^G\d+$/.test(out.goods)) out.goods = bookLabel(app, out.goods);
  for (const key of ['need', 'have'] as const)
    if (typeof out[key] === 'string' && /^\d+\.\d{2}$/.test(String(out[key])))
      out[key] = displayMoney(Math.round(Number(out[key]) * 100));
  return out;
}

export const schoolId = (app: FastifyInstance, code: string, tenant = '100001') =>
  idOf(app, 'psi_school_info', 'school_code', code, tenant);
export const depositoryId = (app: FastifyInstance, code: string, tenant = '100001') =>
  idOf(app, 'psi_depository_info', 'depository_code', code, tenant);
export const docId = (app: FastifyInstance, table: string, no: string, tenant = '100001') =>
  idOf(
    app,
    table,
    table === 'psi_delivery_order'
      ? 'delivery_no'
      : table === 'psi_depository_check'
        ? 'check_no'
        : 'order_no',
    no,
    tenant,
  );

export function stock(app: FastifyInstance, dep: string, goods: string, tenant = '100001'): number {
  const r = one<{ q: number }>(
    app,
    `SELECT quantity AS q FROM psi_depository_stock WHERE tenant_id = ? AND depository_id = ? AND goods_id = ?`,
    tenant,
    BigInt(depositoryId(app, dep, tenant)),
    BigInt(goodsId(app, goods, tenant)),
  );
  return r?.q ?? 0;
}

export function balance(app: FastifyInstance, school: string, tenant = '100001'): string {
  const r = one<{ b: number }>(
    app,
    `SELECT account_balance AS b FROM psi_school_info WHERE id = ?`,
    BigInt(schoolId(app, school, tenant)),
  );
  return (r.b / 100).toFixed(2);
}

/** Counts used to show that a refused action changed nothing. */
export function ledgerSnapshot(app: FastifyInstance) {
  return one<Record<string, number>>(
    app,
    `SELECT (SELECT COUNT(*) FROM psi_depository_log) AS logs, (SELECT COUNT(*) FROM psi_account_statement) AS statements,
       (SELECT COALESCE(SUM(quantity), 0) FROM psi_depository_stock) AS stock,
       (SELECT COALESCE(SUM(account_balance), 0) FROM psi_school_info) AS money,
       (SELECT COUNT(*) FROM psi_purchase_order_depository) AS pods,
       (SELECT COALESCE(SUM(version), 0) FROM psi_purchase_order) + (SELECT COALESCE(SUM(version), 0) FROM psi_purchase_order_yypt)
       + (SELECT COALESCE(SUM(version), 0) FROM psi_purchase_order_depository) + (SELECT COALESCE(SUM(version), 0) FROM psi_delivery_order)
       + (SELECT COALESCE(SUM(version), 0) FROM psi_depository_check) AS versions`,
  );
}

/** An .xlsx buffer with one sheet of rows keyed by header. */
export async function xlsx(rowsByHeader: Record<string, string>[], headers?: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  const cols = headers ?? Object.keys(rowsByHeader[0] ?? {});
  ws.addRow(cols);
  for (const r of rowsByHeader) ws.addRow(cols.map((c) => r[c] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readXlsx(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

export function invariantsHold(app: FastifyInstance) {
  assertInvariants(app.ctx.sqlite);
}
