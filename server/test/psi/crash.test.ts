import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { BASIC, md5 } from '../helpers';
import { DEMO_PASSWORD } from './helpers';
import { assertInvariants } from './invariants';

/**
 * Crash safety (QUALITY.md): the server process is killed with SIGKILL in the middle of a burst of
 * approvals (receipts that post stock and log rows, recharges that post statements), restarted on
 * the same DATA_DIR, and then the database passes `PRAGMA integrity_check`, every ledger invariant
 * holds, every write the server acknowledged is there, and every write it did not acknowledge is
 * either wholly there or wholly absent (finishing the work afterwards applies each exactly once).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-crash-'));
const dbFile = path.join(dir, 'psi.db');
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The server as its own node process (no wrapper process, so SIGKILL hits the server itself). */
async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      SEED: 'demo',
      LOG: process.env.CRASH_DEBUG ? 'on' : 'off',
      AUTH_RATE_LIMIT: '100000',
      WEB_DIST: path.join(dir, 'none'),
    },
    stdio: ['ignore', process.env.CRASH_DEBUG ? 'pipe' : 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (c) => {
    stderr += c;
    if (process.env.CRASH_DEBUG) process.stdout.write(`SERVER ${c}`);
  });
  child.stdout?.on('data', (c) => process.stdout.write(`SERVER ${c}`));
  const end = Date.now() + 90_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not start: ${stderr}`);
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.on('exit', (code, signal) => resolve({ code, signal }));
  });

async function login(account: string, tenantId = '100001'): Promise<string> {
  const q = new URLSearchParams({
    tenantId,
    username: account,
    password: md5(DEMO_PASSWORD),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': tenantId },
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`login ${account}: ${JSON.stringify(body)}`);
  return body.access_token;
}

interface Answer {
  status: number;
  success: boolean;
  msg: string;
  data: Record<string, unknown> & { records?: Record<string, string>[] };
}

async function api(token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}/api/blade-psi/${url}`, {
    method,
    headers: { 'blade-auth': `bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { ...((await res.json()) as Answer), status: res.status };
}

/** A read-only look at the database file, as another process would have it. */
function inspect<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(dbFile, { readonly: true });
  db.defaultSafeIntegers(true);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const count = (db: Database.Database, sql: string, ...params: unknown[]) => {
  const s = db.prepare(sql);
  s.safeIntegers(false);
  return (s.get(...params) as { n: number }).n;
};

describe('crash safety', () => {
  it('SIGKILL during a burst of approvals loses no acknowledged write and leaves a consistent ledger', async () => {
    let server = await start();
    const [pt, ck] = [await login('pt_admin'), await login('ck_jx')];
    const goods = (await api(pt, 'GET', 'goodsinfo/list?size=50')).data.records!;
    const lines = ['G01', 'G02', 'G03', 'G04', 'G05', 'G06', 'G07', 'G08', 'G10', 'G11'].map((code) => ({
      goodsId: goods.find((g) => g.goodsCode === code)!.id,
      quantity: 7,
    }));
    const schools = (await api(pt, 'GET', 'schoolinfo/list?size=50')).data.records!;

    // 40 audited 10-line receipts waiting for storage, and 40 recharges
    const receipts: string[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await api(ck, 'POST', 'purchasedetail/submitPurchaseOrder', {
        supplierName: '人民教育出版社',
        term: '2025-2026-1',
        details: lines,
      });
      expect(r.success, r.msg).toBe(true);
      const audit = await api(pt, 'POST', 'purchaseorder/approveAudit', { id: r.data.id, pass: true });
      expect(audit.success, audit.msg).toBe(true);
      receipts.push(String(r.data.id));
    }
    type Work = { kind: 'storage'; id: string } | { kind: 'recharge'; voucher: string; schoolId: string };
    const work: Work[] = receipts.flatMap((id, i): Work[] => [
      { kind: 'storage', id },
      { kind: 'recharge', voucher: `CRASH${String(i).padStart(4, '0')}`, schoolId: schools[i % 8].id },
    ]);
    const send = (w: Work) =>
      w.kind === 'storage'
        ? api(ck, 'POST', 'purchaseorder/approveStorage', { id: w.id })
        : api(pt, 'POST', 'accountstatement/recharge', {
            schoolId: w.schoolId,
            amount: '12.34',
            payMethod: 1,
            voucherNo: w.voucher,
          });

    // the burst: 8 requests in flight at a time; SIGKILL once 20 writes have been acknowledged
    const acked: Work[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < work.length && !killed) {
        const w = work[next++];
        try {
          const r = await send(w);
          if (r.success) acked.push(w);
          else throw new Error(`refused: ${r.msg}`);
          if (acked.length >= 20 && !killed) {
            killed = true;
            server.kill('SIGKILL');
          }
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect((await exited(server)).signal).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(20);
    expect(acked.length, 'the kill came in the middle of the burst').toBeLessThan(work.length);

    // restart on the same data: the server recovers and serves
    server = await start();
    inspect((db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      assertInvariants(db);
      for (const w of acked)
        if (w.kind === 'storage') {
          expect(
            count(
              db,
              `SELECT COUNT(*) AS n FROM psi_purchase_order WHERE id = ? AND order_status = 3`,
              BigInt(w.id),
            ),
          ).toBe(1);
          expect(
            count(
              db,
              `SELECT COUNT(*) AS n FROM psi_depository_log WHERE source_type = 1 AND source_id = ?`,
              BigInt(w.id),
            ),
          ).toBe(10);
        } else
          expect(
            count(db, `SELECT COUNT(*) AS n FROM psi_account_statement WHERE voucher_no = ?`, w.voucher),
          ).toBe(1);
    });

    // finishing the work after the restart applies every write exactly once
    const [pt2, ck2] = [await login('pt_admin'), await login('ck_jx')];
    for (const w of work) {
      const r =
        w.kind === 'storage'
          ? await api(ck2, 'POST', 'purchaseorder/approveStorage', { id: w.id })
          : await api(pt2, 'POST', 'accountstatement/recharge', {
              schoolId: w.schoolId,
              amount: '12.34',
              payMethod: 1,
              voucherNo: w.voucher,
            });
      if (!r.success) expect(r.msg).toMatch(/^(单据状态已变更，请刷新后重试|该凭证号已入账)$/);
    }
    server.kill('SIGTERM');
    expect(await exited(server)).toEqual({ code: 0, signal: null });
    inspect((db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      assertInvariants(db);
      for (const id of receipts)
        expect(
          count(
            db,
            `SELECT COUNT(*) AS n FROM psi_depository_log WHERE source_type = 1 AND source_id = ?`,
            BigInt(id),
          ),
        ).toBe(10);
      expect(
        count(db, `SELECT COUNT(*) AS n FROM psi_account_statement WHERE voucher_no LIKE 'CRASH%'`),
      ).toBe(40);
    });
  }, 240_000);

  it('SIGTERM during a burst answers what it accepted, then closes the database cleanly', async () => {
    const server = await start();
    const pt = await login('pt_admin');
    const schools = (await api(pt, 'GET', 'schoolinfo/list?size=50')).data.records!;
    const fire = (i: number) =>
      api(pt, 'POST', 'accountstatement/recharge', {
        schoolId: schools[i % 8].id,
        amount: '1.00',
        payMethod: 1,
        voucherNo: `TERM${String(i).padStart(4, '0')}`,
      }).then(
        (a) => ({ i, answer: a }),
        () => ({ i, answer: null }),
      );
    const pending = Array.from({ length: 60 }, (_, i) => fire(i));
    const first = await Promise.race(pending);
    expect(first.answer?.success).toBe(true);
    const t0 = Date.now();
    server.kill('SIGTERM');
    const results = await Promise.all(pending);
    if (process.env.CRASH_DEBUG)
      console.log('ANSWERS', Date.now() - t0, results.filter((r) => r.answer).length);
    const end = await exited(server);
    if (process.env.CRASH_DEBUG) console.log('EXIT', Date.now() - t0, JSON.stringify(end));
    expect(end).toEqual({ code: 0, signal: null });
    // requests in flight are answered; those arriving after the close began are refused (503)
    const accepted = results.filter((r) => r.answer?.success);
    expect(accepted.length).toBeGreaterThan(0);
    for (const r of results.filter((x) => x.answer && !x.answer.success))
      expect(r.answer!.status, r.answer!.msg).toBe(503);
    // a clean close checkpoints the WAL into the database file
    const wal = `${dbFile}-wal`;
    expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
    inspect((db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      assertInvariants(db);
      for (const r of results) {
        const n = count(
          db,
          `SELECT COUNT(*) AS n FROM psi_account_statement WHERE voucher_no = ?`,
          `TERM${String(r.i).padStart(4, '0')}`,
        );
        if (r.answer?.success) expect(n, `TERM${r.i}`).toBe(1);
        else if (r.answer) expect(n, `TERM${r.i}`).toBe(0);
        else expect(n).toBeLessThanOrEqual(1);
      }
    });
  }, 120_000);
});
