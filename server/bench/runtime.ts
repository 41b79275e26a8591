/**
 * The demo server as `pnpm start` runs it (scripts/start.mjs running the compiled dist/main.mjs, no
 * TypeScript loader): the time from `node scripts/start.mjs` on a seeded database to its first `/healthz` answer, and its resident memory after
 * the trainer script (DOMAIN.md 5.10) has been walked over HTTP, with the screens' list calls, and
 * again after 20 s without a request (what a demo server holds between presentations).
 * `tsx bench/runtime.ts` prints just these; `pnpm bench` prints them among its figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { loadDemoFixture, loadImportFixture } from '../src/seed/demo';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export interface RuntimeFigures {
  /** spawn to the first 200 from /healthz, on a database seeded by an earlier start */
  startMs: number;
  /** VmRSS after the trainer script */
  rssMiB: number;
  /** VmRSS once the server has been idle for `IDLE_MS` after it (V8's memory reducer runs when idle) */
  idleRssMiB: number;
  /** calls the walk made */
  calls: number;
  /** `POST /api/demo/reset` after the walk, as the super-admin sees it */
  resetMs: number;
}

/** The server process that start.mjs spawned: the process whose parent it is. */
function serverPid(startPid: number): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the parent id is the field after the state, which follows the parenthesised command name
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === startPid) return Number(entry);
    } catch {
      // the process ended while the list was read
    }
  }
  throw new Error('the server process of start.mjs was not found');
}

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; ms: number }> {
  const t = performance.now();
  const child = spawn(process.execPath, [path.join(serverDir, '..', 'scripts', 'start.mjs')], {
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      // the trainer script names documents by DOMAIN.md's numbers
      DEMO_TODAY: '2025-08-29',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG: 'off',
      SEED: 'demo',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, ms: performance.now() - t };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  if (child.exitCode === null) await once(child, 'exit');
}

async function xlsx(rowsByHeader: Record<string, string>[]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  const cols = Object.keys(rowsByHeader[0] ?? {});
  ws.addRow(cols);
  for (const r of rowsByHeader) ws.addRow(cols.map((c) => r[c] ?? ''));
  return new Blob([await wb.xlsx.writeBuffer()]);
}

/** The trainer script over HTTP, as the screens call it; ids are read from the database file. */
async function trainerWalk(base: string, dbFile: string): Promise<{ calls: number; resetMs: number }> {
  const fixture = loadDemoFixture();
  const imports = loadImportFixture();
  const db = new Database(dbFile, { readonly: true });
  const id = (sql: string, ...params: unknown[]) =>
    String((db.prepare(sql).get(...params) as { id: bigint | string }).id);
  const doc = (table: string, no: string) => {
    const column =
      table === 'psi_delivery_order'
        ? 'delivery_no'
        : table === 'psi_depository_check'
          ? 'check_no'
          : 'order_no';
    return id(`SELECT CAST(id AS TEXT) AS id FROM ${table} WHERE ${column} = ? AND tenant_id = '100001'`, no);
  };
  const code = (table: string, column: string, value: string) =>
    id(
      `SELECT CAST(id AS TEXT) AS id FROM ${table} WHERE ${column} = ? AND tenant_id = '100001' AND is_deleted = 0`,
      value,
    );
  let calls = 0;
  const session = async (account: string) => {
    const tenantId =
      account === 'admin'
        ? '000000'
        : ['pt_admin2', 'ck_qt', 'xx_qt'].includes(account)
          ? '100002'
          : '100001';
    const query = new URLSearchParams({
      tenantId,
      username: account,
      password: md5(account === 'admin' ? 'admin' : fixture.password),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    const res = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': tenantId,
      },
    });
    const token = ((await res.json()) as { access_token: string }).access_token;
    const headers = { 'blade-auth': `bearer ${token}` };
    const send = async (method: string, url: string, body?: string | FormData, type?: string) => {
      calls++;
      const r = await fetch(`${base}${url}`, {
        method,
        body,
        headers: type ? { ...headers, 'content-type': type } : headers,
      });
      await r.arrayBuffer();
      if (r.status >= 500) throw new Error(`${method} ${url} answered ${r.status}`);
    };
    const get = (url: string) => send('GET', `/api/${url}`);
    const post = (url: string, body: unknown) =>
      send('POST', `/api/blade-psi/${url}`, JSON.stringify(body), 'application/json');
    const upload = async (url: string, file: Blob) => {
      const form = new FormData();
      form.append('file', file, 'import.xlsx');
      await send('POST', `/api/blade-psi/${url}`, form);
    };
    // what every screen loads first: the signed-in user's menus, dictionaries and home figures
    await get('blade-system/menu/routes');
    await get('blade-system/menu/buttons');
    await get('blade-system/dict-biz/dictionary?code=school_stage');
    await get('blade-psi/dashboard/summary');
    const reset = async () => {
      const t = performance.now();
      calls++;
      const r = await fetch(`${base}/api/demo/reset`, {
        method: 'POST',
        headers: {
          ...headers,
          authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        },
      });
      const body = (await r.json()) as { success: boolean; msg: string };
      if (!body.success) throw new Error(`demo reset refused: ${body.msg}`);
      return performance.now() - t;
    };
    return { get, post, upload, reset };
  };

  const pt = await session('pt_admin');
  for (const list of ['goodsinfo', 'schoolinfo', 'depositoryinfo', 'purchaseorderyypt', 'purchaseorder'])
    await pt.get(`blade-psi/${list}/list?current=1&size=10`);
  await pt.get('blade-psi/goodsinfo/list?current=1&size=10&isbn=9787107524455');
  await pt.upload('goodsinfo/upLoadList', await xlsx(imports.goodsBad));
  await pt.upload('goodsinfo/upLoadList', await xlsx(imports.goodsFixed));
  await pt.upload('schoolyyptinfo/upLoadList', await xlsx(imports.schoolsBad));
  await pt.upload('schoolyyptinfo/upLoadList', await xlsx(imports.schoolsFixed));
  await pt.get('blade-psi/goodsinfo/export');
  const zd1 = doc('psi_purchase_order_yypt', 'ZD20250828-0001');
  const zd2 = doc('psi_purchase_order_yypt', 'ZD20250828-0002');
  await pt.post('purchaseorderyypt/approveAudit', { id: zd1, pass: true, auditRemark: '同意' });
  await pt.post('purchaseorderyypt/approveAudit', { id: zd2, pass: true });
  await pt.post('accountstatement/recharge', {
    schoolId: code('psi_school_info', 'school_code', 'SC02'),
    amount: '1000.00',
    payMethod: 3,
    voucherNo: 'WX2025083000001',
  });
  await Promise.all([
    pt.post('purchaseorderyypt/approveAudit', { id: zd2, pass: true }),
    pt.post('purchaseorderyypt/approveAudit', { id: zd2, pass: true }),
  ]);

  const ck = await session('ck_jx');
  await ck.get('blade-psi/purchaseorderdepository/purchaseOrderDepository?current=1&size=10');
  const ps26 = doc('psi_purchase_order_depository', 'PS20250826-0001');
  await ck.post('purchaseorderdepository/approveAuditDepository', { id: ps26, pass: true });
  await ck.post('purchaseorderdepository/approveAuditDepository', {
    id: doc('psi_purchase_order_depository', 'PS20250827-0001'),
    pass: true,
  });
  const lines = db
    .prepare(
      `SELECT CAST(id AS TEXT) AS id, quantity FROM psi_purchase_detail_depository WHERE purchase_id = ? AND is_deleted = 0`,
    )
    .all(BigInt(ps26)) as { id: string; quantity: bigint }[];
  await ck.post('deliverydetail/submitDeliveryOrder', {
    depositoryOrderId: ps26,
    logisticsCompany: '嘉兴教材物流',
    details: lines.map((l) => ({ sourceDetailId: l.id, quantity: Number(l.quantity) })),
  });
  const delivery = id(
    `SELECT CAST(id AS TEXT) AS id FROM psi_delivery_order WHERE depository_order_id = ? ORDER BY id DESC LIMIT 1`,
    BigInt(ps26),
  );
  await ck.post('deliveryorder/approveDelivery', { id: delivery });

  const hn = await session('ck_hn');
  await hn.post('deliveryorder/approveDelivery', { id: doc('psi_delivery_order', 'FH20250820-0001') });
  await hn.post('purchaseorder/approveStorage', { id: doc('psi_purchase_order', 'CG20250720-0001') });
  await pt.post('purchaseorder/approveAudit', {
    id: doc('psi_purchase_order', 'CG20250720-0002'),
    pass: true,
  });

  const xz = await session('ck_xz');
  await xz.post('depositoryinfo/saveCheckList', {
    checkId: doc('psi_depository_check', 'PD20250829-0001'),
    complete: true,
  });
  await pt.get(
    `blade-psi/depositorylog/list?current=1&size=50&depositoryId=${code('psi_depository_info', 'depository_code', 'D01')}`,
  );
  await pt.get('blade-psi/accountstatement/list?current=1&size=10');
  const school = await session('xx_mingde');
  await school.get('blade-psi/schoolinfo/detailByUserId');
  const qt = await session('pt_admin2');
  await qt.get('blade-psi/schoolinfo/list?current=1&size=10');
  // between presentations: back to the seeded data (before the memory is read: a reset is part of a demo day)
  const resetMs = await (await session('admin')).reset();
  db.close();
  return { calls, resetMs };
}

/** How long the server idles after the walk before its memory is read a second time. */
const IDLE_MS = 20_000;

/** Builds the server when needed, seeds a demo database once, then takes the two figures. */
export async function measureRuntime(port = 18_470): Promise<RuntimeFigures> {
  const built = spawnSync(process.execPath, [path.join(serverDir, 'scripts', 'build.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the server build failed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-runtime-'));
  try {
    // the first start migrates and seeds; the measured one opens the seeded file
    await stop((await startServer(dataDir, port)).child);
    const { child, ms } = await startServer(dataDir, port);
    try {
      const walk = await trainerWalk(`http://127.0.0.1:${port}`, path.join(dataDir, 'psi.db'));
      const pid = serverPid(child.pid!);
      const afterWalk = rssMiB(pid);
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      return { startMs: ms, rssMiB: afterWalk, idleRssMiB: rssMiB(pid), ...walk };
    } finally {
      await stop(child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const f = await measureRuntime();
  console.log(`start to /healthz on a seeded database: ${f.startMs.toFixed(0)} ms (target < 2000 ms)`);
  console.log(`demo reset after the trainer script: ${f.resetMs.toFixed(0)} ms (target < 5000 ms)`);
  console.log(
    `resident memory after the trainer script (${f.calls} calls): ${f.rssMiB.toFixed(1)} MiB (target ≤ 120 MiB), ${f.idleRssMiB.toFixed(1)} MiB after ${IDLE_MS / 1000} s idle`,
  );
}
