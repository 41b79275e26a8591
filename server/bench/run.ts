/**
 * `pnpm bench`: QUALITY.md's figures on SEED=large, printed beside their targets.
 *
 * 1. A large database (100 000 books, 1 000 schools, 1 000 000 stock log rows) is seeded once through
 *    the services and kept as a pristine copy under data/bench; each run works on a fresh copy.
 * 2. The ledger invariants are checked on it.
 * 3. The server runs in its own process on a loopback port; autocannon (50 connections, BENCH_DURATION seconds,
 *    default 10) measures the ceiling (/healthz), the book list (page 1, equality filter, a deep page),
 *    the title search, the stock ledger on 1 000 000 rows with a depository and date filter, the
 *    sidebar's menu routes (against the book list's rate), 10-line delivery approvals (stock, log,
 *    status) over HTTP, sign-ins on both lines (BladeX's md5 password, the public line's SM2-encrypted
 *    one: grants per second against twice SpringBlade's 82), and json-server 1.0 serving the same
 *    100 000 books as the peer.
 *    With STREAMS (500) live notice streams open, the book list and the approvals run again: their
 *    ratio to the runs without streams (the list measured again just before they open, on the same
 *    data) and the server's memory growth (live heap + external after a full collection) are printed.
 * 4. The invariants are checked again after the approvals.
 * 5. The web build's login page initial JavaScript and largest chunk (web/scripts/bundle-size.mjs, after a
 *    `vite build` when there is no build yet) against the size budgets; the same build, served by the
 *    bench server before the load runs, times sign-in to the home page's first chart in Chromium
 *    (bench/first-chart.ts: the platform administrator on the large data set, 1366×768).
 *
 *    `BENCH_ONLY=first-chart pnpm bench` runs only this measure (BENCH_FIRST_CHART_RUNS runs, default 3);
 *    `BENCH_ONLY=sign-in pnpm bench` only the two sign-ins of step 3.
 *
 * 6. The demo server as `pnpm start` runs it (bench/runtime.ts): start to `/healthz` on a seeded database,
 *    the resident memory after the trainer script and the demo reset that follows it.
 *
 * Timings never go into a test. The run exits non-zero only when a ratio target (share of the
 * ceiling, deep page against page 1, against json-server) is missed by more than half; absolute
 * figures (p99, approvals per second) and smaller misses are printed as WARN.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sm2 } from 'sm-crypto';
import { openDatabase } from '@psi/db/client';
import { migrationsFolder, runMigrations } from '@psi/db/migrate';
import { isSeeded, seed } from '@psi/db/seed';
import { demoLayer, loadDemoFixture } from '../src/seed/demo';
import { largeLayer } from '../src/seed/large';
import { resolveActor, type PsiEnv } from '../src/modules/psi/shared/env';
import { prepareNumbers } from '../src/core/data';
import { recharge } from '../src/modules/psi/account/service';
import {
  approveAuditDepository,
  purchaseorderdepositoryLines,
  submitPurchaseOrderDepository,
} from '../src/modules/psi/purchaseorderdepository/service';
import { submitDeliveryOrder } from '../src/modules/psi/deliveryorder/service';
import { assertInvariants } from '../test/psi/invariants';
import { measureRuntime } from './runtime';
import { addStreamUsers, openStreams, settledMemory, STREAMS_PER_USER } from './streams';
import { measureFirstChart } from './first-chart';
import { launchEnv } from '../scripts/launch-env.mjs';

/** Every captcha the bench server makes has this answer, so that the browser run can type it. */
const BENCH_CAPTCHA = 'bench';

/** Live streams held open during the second list and approval rows (the header bell of each tab). */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '../..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(repoRoot, 'data', 'bench'));

const log = (...parts: unknown[]) => console.log(...parts);
const seconds = (t: number) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

/** A hash of the migrations and seed sources: the pristine copy is rebuilt when any of them changes. */
function sourceStamp(): string {
  const h = createHash('sha256');
  const files = [
    ...fs
      .readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => path.join(migrationsFolder, f)),
    path.join(repoRoot, 'server/src/seed/demo.ts'),
    ...fs
      .readdirSync(path.join(repoRoot, 'server/src/seed/demo'))
      .map((f) => path.join(repoRoot, 'server/src/seed/demo', f)),
    path.join(repoRoot, 'server/src/seed/large.ts'),
    path.join(repoRoot, 'fixtures/psi/demo.json'),
    path.join(repoRoot, 'fixtures/psi/demo-story.json'),
  ];
  for (const f of files) h.update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

function pristineDatabase(): string {
  const file = path.join(dataDir, 'large.db');
  const stampFile = path.join(dataDir, 'large.stamp');
  const stamp = sourceStamp();
  if (fs.existsSync(file) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
    log(`using the seeded large database ${path.relative(repoRoot, file)}`);
    return file;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  log('seeding SEED=large through the services (once; kept for later runs)…');
  const t = Date.now();
  const handle = openDatabase(file);
  runMigrations(handle.db);
  seed(handle, 'large', {
    demo: demoLayer,
    large: largeLayer,
    onProgress: (p) => log(`  ${p.step} (${p.done}/${p.total})`),
  });
  handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  handle.close();
  fs.writeFileSync(stampFile, stamp);
  log(`seeded in ${seconds(t)}`);
  return file;
}

/** json-server's command-line entry, from its package.json `bin`. */
function peerBin(): string {
  const pkg = fileURLToPath(import.meta.resolve('json-server/package.json'));
  const bin = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { bin: Record<string, string> }).bin[
    'json-server'
  ];
  return path.join(path.dirname(pkg), bin);
}

/**
 * A port no socket holds now: the one the system hands a listener on port 0. The port after the
 * server's may be the local end of one of the load generator's connections.
 */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0);
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

async function login(base: string, tenantId: string, account: string, password: string): Promise<string> {
  const query = new URLSearchParams({
    tenantId,
    username: account,
    password: md5(password),
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
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`login ${account} failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The BladeX sign-in as the web sends it: the md5 hex of the password in the query, client `saber`. */
function bladexSignIn(base: string, tenantId: string, account: string, password: string): autocannon.Options {
  const query = new URLSearchParams({
    tenantId,
    username: account,
    password: md5(password),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  return {
    url: `${base}/api/blade-auth/oauth/token?${query}`,
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'tenant-id': tenantId,
    },
  };
}

/**
 * The public line's sign-in as Saber and the web on that line send it: the password SM2-encrypted
 * with the server's public key by sm-crypto (the web's library, cipher mode 0), an urlencoded body.
 */
async function publicSignIn(
  base: string,
  tenantId: string,
  account: string,
  password: string,
): Promise<autocannon.Options> {
  const res = await fetch(`${base}/api/blade-auth/public-key`);
  const { data } = (await res.json()) as { data: { publicKey: string } };
  const body = new URLSearchParams({
    grantType: 'password',
    tenantId,
    account,
    password: sm2.doEncrypt(password, data.publicKey, 0),
    scope: 'all',
    type: 'account',
  });
  return {
    url: `${base}/api/blade-auth/token`,
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      'tenant-id': tenantId,
    },
    body: body.toString(),
  };
}

interface Figure {
  name: string;
  rps: number;
  p99: number;
  ok: number;
  errors: number;
}

async function measure(
  name: string,
  opts: Omit<autocannon.Options, 'connections' | 'duration'>,
): Promise<Figure> {
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
  const ok = r['2xx'];
  const figure = {
    name,
    rps: ok / DURATION,
    p99: r.latency.p99,
    ok,
    errors: r.non2xx + r.errors + r.timeouts,
  };
  const failures = figure.errors
    ? `: ${r.non2xx} not 2xx, ${r.errors} errors of which ${r.timeouts} timeouts`
    : '';
  log(
    `  ${name}: ${figure.rps.toFixed(0)} req/s, p99 ${figure.p99} ms (${ok} ok, ${figure.errors} refused/failed${failures})`,
  );
  return figure;
}

/**
 * Pending 10-line deliveries for the approval run: direct orders of a large-seed school at L01
 * (whose books each hold about 350 copies), accepted, and shipped in deliveries of one copy per line.
 */
function prepareDeliveries(env: PsiEnv, count: number): string[] {
  const t = Date.now();
  const one = <T>(sql: string, ...p: unknown[]) => prepareNumbers(env.sqlite, sql).get(...p) as T;
  const user = (account: string) =>
    one<{ id: string; alias: string }>(
      `SELECT CAST(u.id AS TEXT) AS id, r.role_alias AS alias FROM blade_user u JOIN blade_role r ON r.id = u.role_id
       WHERE u.tenant_id = '100001' AND u.account = ?`,
      account,
    );
  const actor = (account: string) => {
    const u = user(account);
    return resolveActor(env.sqlite, { tenantId: '100001', userId: u.id, deptId: '', roleAliases: [u.alias] });
  };
  const pt = actor('pt_admin');
  const ck = actor('ck_jx');
  const school = one<{ id: string }>(
    `SELECT CAST(id AS TEXT) AS id FROM psi_school_info WHERE tenant_id = '100001' AND school_code = 'S00001'`,
  ).id;
  const l01 = one<{ id: string }>(
    `SELECT CAST(id AS TEXT) AS id FROM psi_depository_info WHERE tenant_id = '100001' AND depository_code = 'L01' AND is_deleted = 0`,
  ).id;
  const goods = (
    prepareNumbers(
      env.sqlite,
      `SELECT CAST(goods_id AS TEXT) AS id FROM psi_depository_stock WHERE tenant_id = '100001' AND depository_id = ?
       AND quantity >= 100 ORDER BY goods_id`,
    ).all(BigInt(l01)) as { id: string }[]
  ).map((g) => g.id);
  recharge(env, pt, {
    schoolId: school,
    // 50 million yuan: enough for every order of the longest approval run
    amount: 5_000_000_000,
    payMethod: 5,
    voucherNo: `BENCH${Date.now()}`,
    remark: 'bench',
  });
  const perOrder = 100;
  const orders = Math.ceil(count / perOrder);
  if (goods.length < orders * 10) throw new Error('not enough stocked books at L01 for the approval run');
  const ids: string[] = [];
  for (let o = 0; o < orders; o++) {
    const order = submitPurchaseOrderDepository(env, pt, {
      schoolId: school,
      depositoryId: l01,
      term: '2025-2026-1',
      details: goods.slice(o * 10, o * 10 + 10).map((goodsId) => ({ goodsId, quantity: perOrder })),
    });
    approveAuditDepository(env, ck, { id: order.id, pass: true });
    const lines = purchaseorderdepositoryLines(env, order.id);
    for (let d = 0; d < perOrder && ids.length < count; d++)
      ids.push(
        submitDeliveryOrder(env, ck, {
          depositoryOrderId: order.id,
          details: lines.map((l) => ({ sourceDetailId: l.id, quantity: 1 })),
        }).id,
      );
  }
  log(`  prepared ${ids.length} pending 10-line deliveries in ${seconds(t)}`);
  return ids;
}

interface BundleSizes {
  loginGzip: number;
  /** bytes on the wire: the build's brotli copies */
  loginTransferred: number;
  loginBudget: number;
  /** the lighter login page's target: missing it is a WARN, the budget a FAIL */
  loginTarget: number;
  loginFiles: string[];
  largestChunk: { file: string; raw: number };
  chunkBudget: number;
}

/** The login page's initial JS and the largest chunk of the web build, as web/scripts/bundle-size.mjs measures them. */
function bundleSizes(): BundleSizes {
  const web = path.join(repoRoot, 'web');
  if (!fs.existsSync(path.join(web, 'dist', '.vite', 'manifest.json'))) {
    log('no web build yet: running vite build');
    const built = spawnSync('pnpm', ['--filter', '@psi/web', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const run = spawnSync(process.execPath, [path.join(web, 'scripts', 'bundle-size.mjs'), '--json'], {
    encoding: 'utf8',
  });
  if (!run.stdout) throw new Error(`bundle-size.mjs printed nothing: ${run.stderr}`);
  return JSON.parse(run.stdout) as BundleSizes;
}

/** The bench server (bench/server.ts) in its own process on `dbFile`: the load generator must not share its event loop. */
async function startServer(dbFile: string) {
  const server = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      import.meta.resolve('tsx'),
      path.join(benchDir, 'server.ts'),
      dbFile,
      BENCH_CAPTCHA,
    ],
    // the environment `pnpm start` gives the server (libuv's pool, glibc's allocator)
    { stdio: ['ignore', 'pipe', 'inherit'], env: launchEnv() },
  );
  let serverOutput = '';
  server.stdout.on('data', (chunk: Buffer) => {
    serverOutput += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.stdout.on('data', () => {
      const m = /PORT (\d+)/.exec(serverOutput);
      if (m) resolve(Number(m[1]));
    });
    server.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
  return { server, port, output: () => serverOutput };
}

/** Sign-in to the first chart in Chromium as the platform administrator, printed with the median run's steps. */
async function firstChartRuns(base: string, password: string, runs?: number) {
  const t = Date.now();
  const firstChart = await measureFirstChart(
    base,
    { tenantId: '100001', account: 'pt_admin', password, captcha: BENCH_CAPTCHA },
    runs,
  );
  log(
    `sign-in to the first chart: ${firstChart.runsMs.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (${seconds(t)})`,
  );
  const steps = firstChart.steps;
  const at = (ms: number | null) => (ms === null ? 'never' : `${ms.toFixed(0)} ms`);
  log(
    `  where the median run's time went (from the click): token answered ${at(steps.tokenMs)}, menus ${at(steps.menusMs)}, ` +
      `home figures ${at(steps.figuresMs)}, last of ${steps.scripts} scripts (${steps.scriptKiB.toFixed(0)} KiB) ${at(steps.scriptsMs)}, ` +
      `chart drawn ${at(steps.chartMs)}`,
  );
  return firstChart;
}

/** A fresh copy of the pristine large database in an emptied work folder (seeded first when needed). */
function freshWorkDatabase(): { workDir: string; dbFile: string } {
  const workDir = path.join(dataDir, 'work');
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const dbFile = path.join(workDir, 'psi.db');
  fs.copyFileSync(pristineDatabase(), dbFile);
  return { workDir, dbFile };
}

/**
 * `BENCH_ONLY=first-chart pnpm bench`: only the sign-in to the first chart (BENCH_FIRST_CHART_RUNS runs,
 * default 3) on a fresh copy of the large database, without the load runs.
 */
async function firstChartOnly() {
  bundleSizes();
  const { dbFile } = freshWorkDatabase();
  const { server, port } = await startServer(dbFile);
  try {
    const firstChart = await firstChartRuns(
      `http://127.0.0.1:${port}`,
      loadDemoFixture().password,
      Number(process.env.BENCH_FIRST_CHART_RUNS ?? 3),
    );
    log(`sign-in to the first chart: ${(firstChart.medianMs / 1000).toFixed(2)} s median, target ≤ 1.0 s`);
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

/** `BENCH_ONLY=sign-in pnpm bench`: only the sign-ins on both lines, on a fresh copy of the large database. */
async function signInOnly() {
  const { dbFile } = freshWorkDatabase();
  const { server, port } = await startServer(dbFile);
  const base = `http://127.0.0.1:${port}`;
  const password = loadDemoFixture().password;
  try {
    for (const grants of [
      await measure('sign-in, BladeX (md5 password)', bladexSignIn(base, '100001', 'pt_admin', password)),
      await measure(
        'sign-in, SpringBlade line (SM2 password)',
        await publicSignIn(base, '100001', 'pt_admin', password),
      ),
    ])
      log(
        `${grants.name}: ${grants.rps.toFixed(0)} grants/s, p99 ${grants.p99} ms, target ≥ 164 /s (2× SpringBlade)`,
      );
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'first-chart') return firstChartOnly();
  if (process.env.BENCH_ONLY === 'sign-in') return signInOnly();
  const sizes = bundleSizes();
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  log(
    `login page initial JS: ${kib(sizes.loginTransferred)} transferred (brotli), ${kib(sizes.loginGzip)} gzip in ${sizes.loginFiles.length} files; largest chunk ${sizes.largestChunk.file} ${kib(sizes.largestChunk.raw)}`,
  );
  const runtime = await measureRuntime(Number(process.env.BENCH_RUNTIME_PORT ?? 18_470));
  log(
    `pnpm start: /healthz after ${runtime.startMs.toFixed(0)} ms on a seeded database; ${runtime.rssMiB.toFixed(1)} MiB resident after the trainer script, ${runtime.idleRssMiB.toFixed(1)} MiB after 20 s idle`,
  );
  const { workDir, dbFile } = freshWorkDatabase();

  const handle = openDatabase(dbFile);
  if (!isSeeded(handle)) throw new Error('the bench database is not seeded');
  const counts = prepareNumbers(
    handle.sqlite,
    `SELECT (SELECT COUNT(*) FROM psi_goods_info) AS goods, (SELECT COUNT(*) FROM psi_school_info) AS schools,
       (SELECT COUNT(*) FROM psi_depository_log) AS logs`,
  ).get() as { goods: number; schools: number; logs: number };
  log(`data: ${counts.goods} books, ${counts.schools} schools, ${counts.logs} stock log rows`);
  let t = Date.now();
  assertInvariants(handle.sqlite);
  log(`invariants hold on SEED=large (${seconds(t)})`);
  // two approval runs: without and with the live streams open
  const deliveries = prepareDeliveries(
    { sqlite: handle.sqlite, now: () => new Date() },
    Math.max(4000, DURATION * 5000),
  );
  // the streams' holders: the platform and depository admins plus school accounts, STREAMS_PER_USER each
  const streamSchools = addStreamUsers(
    handle.sqlite,
    'xx_mingde',
    Math.max(0, Math.ceil(STREAMS / STREAMS_PER_USER) - 2),
  );
  const l05 = prepareNumbers(
    handle.sqlite,
    `SELECT CAST(id AS TEXT) AS id FROM psi_depository_info WHERE tenant_id = '100001' AND depository_code = 'L05'`,
  ).get() as { id: string };
  // the peer's data: the same 100 000 books as a json-server database
  const peerFile = path.join(workDir, 'peer.json');
  const books = prepareNumbers(
    handle.sqlite,
    `SELECT CAST(id AS TEXT) AS id, goods_code AS goodsCode, isbn, goods_name AS goodsName, publisher, edition,
       school_stage AS schoolStage, grade, subject, volume, term_no AS termNo, goods_type AS goodsType,
       printf('%d.%02d', price / 100, price % 100) AS price, status, create_time AS createTime
     FROM psi_goods_info WHERE tenant_id = '100001' AND is_deleted = 0 ORDER BY create_time DESC, id DESC`,
  ).all();
  fs.writeFileSync(peerFile, JSON.stringify({ goods: books }));
  handle.close();

  const { server, port, output: serverOutput } = await startServer(dbFile);
  const base = `http://127.0.0.1:${port}`;
  const password = loadDemoFixture().password;
  const ptToken = await login(base, '100001', 'pt_admin', password);
  const ckToken = await login(base, '100001', 'ck_jx', password);
  const firstChart = await firstChartRuns(base, password);
  const auth = (token: string) => ({ 'blade-auth': `bearer ${token}` });

  log(`\nmeasuring (${CONNECTIONS} connections, ${DURATION} s each)…`);
  const list = (query: string) => `${base}/api/blade-psi/goodsinfo/list?${query}`;
  // warm-up (not recorded): the JIT and SQLite's page cache see the routes once before they are timed
  const menuRoutesUrl = `${base}/api/blade-system/menu/routes`;
  for (const url of [
    `${base}/healthz`,
    list('current=1&size=10'),
    list('current=1&size=10&schoolStage=2'),
    menuRoutesUrl,
  ])
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: auth(ptToken) });
  const ceiling = await measure('ceiling: GET /healthz', { url: `${base}/healthz` });
  const page1 = await measure('goodsinfo/list page 1', {
    url: list('current=1&size=10'),
    headers: auth(ptToken),
  });
  const filtered = await measure('goodsinfo/list schoolStage=2', {
    url: list('current=1&size=10&schoolStage=2'),
    headers: auth(ptToken),
  });
  const deep = await measure('goodsinfo/list page 9000', {
    url: list('current=9000&size=10'),
    headers: auth(ptToken),
  });
  const search = await measure('goodsinfo/list title contains', {
    url: list(`current=1&size=10&goodsName=${encodeURIComponent('数学 七年级')}`),
    headers: auth(ptToken),
  });
  const ledger = await measure('depositorylog/list depository + dates', {
    url: `${base}/api/blade-psi/depositorylog/list?current=1&size=10&depositoryId=${l05.id}&createTime_datege=2024-11-01&createTime_datelt=2025-02-01`,
    headers: auth(ptToken),
  });
  // the sidebar every page load asks for: as fast as a list page is the target
  const menuRoutes = await measure('menu/routes', { url: menuRoutesUrl, headers: auth(ptToken) });
  let next = 0;
  const approvals = await measure('deliveryorder/approveDelivery (10 lines)', {
    url: `${base}/api/blade-psi/deliveryorder/approveDelivery`,
    headers: { ...auth(ckToken), 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ id: deliveries[next++ % deliveries.length] }),
        }),
      },
    ],
  });

  // the list again just before the streams open: the approvals above grew the database, so the ratio
  // compares the list with and without streams on the same data
  // each of the two runs compared starts after the same unrecorded warm-up as the first rows: the
  // approvals before one, the sign-ins and the burst of stream openings before the other leave the
  // server's heap and caches in a state that lasts a second or two, which is not what holding streams costs
  const warmList = () =>
    autocannon({
      url: list('current=1&size=10'),
      connections: CONNECTIONS,
      duration: 2,
      headers: auth(ptToken),
    });
  await warmList();
  const page1Settled = await measure('goodsinfo/list page 1 (after the approvals, no streams)', {
    url: list('current=1&size=10'),
    headers: auth(ptToken),
  });
  // the same list and approval rows with the live streams open
  const streamTokens = [ptToken, ckToken];
  for (const account of streamSchools) streamTokens.push(await login(base, '100001', account, password));
  const memoryBefore = await settledMemory(server.pid!, serverOutput);
  t = Date.now();
  const streams = await openStreams(base, streamTokens, STREAMS_PER_USER);
  log(`  ${streams.count} live streams open (${seconds(t)})`);
  await warmList();
  const page1Streams = await measure(`goodsinfo/list page 1 (${streams.count} streams open)`, {
    url: list('current=1&size=10'),
    headers: auth(ptToken),
  });
  const approvalsStreams = await measure(`deliveryorder/approveDelivery (${streams.count} streams open)`, {
    url: `${base}/api/blade-psi/deliveryorder/approveDelivery`,
    headers: { ...auth(ckToken), 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ id: deliveries[next++ % deliveries.length] }),
        }),
      },
    ],
  });
  // read while the streams are still open: what they hold after both rows ran
  const memoryAfter = await settledMemory(server.pid!, serverOutput);
  log(`  the streams received ${streams.events()} inbox events`);
  await streams.close();
  const used = Math.min(next, deliveries.length);

  // sign-ins last: each one writes its refresh token, and none of the runs above should see those writes
  const bladexGrants = await measure(
    'sign-in, BladeX (md5 password)',
    bladexSignIn(base, '100001', 'pt_admin', password),
  );
  const publicGrants = await measure(
    'sign-in, SpringBlade line (SM2 password)',
    await publicSignIn(base, '100001', 'pt_admin', password),
  );

  // the peer: json-server 1.0 (beta.3, the last 1.0 build for Node 20) over the same books
  const peerPort = await freePort();
  const peer = spawn(process.execPath, [peerBin(), peerFile, '--port', String(peerPort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    peer.stdout.on('data', (chunk: Buffer) => {
      if (/started|PORT/i.test(chunk.toString())) resolve();
    });
    peer.once('exit', (code) => reject(new Error(`json-server exited with ${code}`)));
  });
  const peerBase = `http://127.0.0.1:${peerPort}/goods`;
  const probe = (await (await fetch(`${peerBase}?schoolStage=2&_page=1&_per_page=10`)).json()) as {
    items: number;
  };
  log(`  json-server holds ${books.length} books (${probe.items} with schoolStage=2)`);
  const peerPage = await measure('json-server goods page 1', { url: `${peerBase}?_page=1&_per_page=10` });
  const peerFiltered = await measure('json-server goods schoolStage=2', {
    url: `${peerBase}?schoolStage=2&_page=1&_per_page=10`,
  });
  peer.kill('SIGTERM');
  await once(peer, 'exit');

  server.kill('SIGTERM');
  await once(server, 'exit');
  t = Date.now();
  const after = openDatabase(dbFile);
  assertInvariants(after.sqlite);
  after.close();
  log(
    `invariants hold after ${approvals.ok + approvalsStreams.ok} approvals (${seconds(t)}); ${used} deliveries were offered`,
  );

  const rows: [string, string, string, boolean, boolean][] = [];
  const target = (name: string, figure: string, goal: string, met: boolean, wide: boolean) =>
    rows.push([name, figure, goal, met, wide]);
  const share = (f: Figure) => f.rps / ceiling.rps;
  // the list engine's share of the bare route: QUALITY.md's 10 % floor, the issue's 60 % (50 % for
  // the ledger on 1 000 000 rows) as the target
  const ofCeiling = (f: Figure) => `${f.rps.toFixed(0)} req/s (${(share(f) * 100).toFixed(1)} % of ceiling)`;
  for (const f of [page1, filtered])
    target(
      f.name,
      `${ofCeiling(f)}, p99 ${f.p99} ms`,
      '≥ 60 % of ceiling, p99 ≤ 30 ms',
      share(f) >= 0.6 && f.p99 <= 30,
      share(f) < 0.3,
    );
  target(
    deep.name,
    `${ofCeiling(deep)}, ${(page1.rps / deep.rps).toFixed(2)}× the cost of page 1`,
    '≥ 60 % of ceiling, ≤ 2× page 1',
    share(deep) >= 0.6 && page1.rps / deep.rps <= 2,
    share(deep) < 0.3 || page1.rps / deep.rps > 4,
  );
  target(
    search.name,
    `${search.rps.toFixed(0)} req/s, p99 ${search.p99} ms`,
    '≥ 200 req/s, p99 ≤ 300 ms',
    search.rps >= 200 && search.p99 <= 300,
    false,
  );
  target(
    ledger.name,
    `${ofCeiling(ledger)}, p99 ${ledger.p99} ms`,
    '≥ 50 % of ceiling, p99 ≤ 100 ms',
    share(ledger) >= 0.5 && ledger.p99 <= 100,
    share(ledger) < 0.25,
  );
  target(
    approvals.name,
    `${approvals.rps.toFixed(0)} approvals/s, p99 ${approvals.p99} ms`,
    '≥ 1 000 /s, invariants intact',
    approvals.rps >= 1000,
    false,
  );
  target(
    menuRoutes.name,
    `${menuRoutes.rps.toFixed(0)} req/s (${((menuRoutes.rps / page1.rps) * 100).toFixed(0)} % of ${page1.name}, ${page1.rps.toFixed(0)} req/s), p99 ${menuRoutes.p99} ms`,
    `≥ ${page1.name}`,
    menuRoutes.rps >= page1.rps,
    menuRoutes.rps < page1.rps / 2,
  );
  // SpringBlade's own sign-in measured 82 grants/s: twice that is the goal for each of ours
  for (const grants of [bladexGrants, publicGrants])
    target(
      grants.name,
      `${grants.rps.toFixed(0)} grants/s, p99 ${grants.p99} ms`,
      '≥ 164 /s (2× SpringBlade)',
      grants.rps >= 164,
      false,
    );
  for (const [withStreams, without] of [
    [page1Streams, page1Settled],
    [approvalsStreams, approvals],
  ] as const) {
    const ratio = withStreams.rps / without.rps;
    target(
      withStreams.name,
      `${withStreams.rps.toFixed(0)} req/s, ${(ratio * 100).toFixed(1)} % of the run without streams (${without.rps.toFixed(0)})`,
      '≥ 90 % of the run without streams',
      ratio >= 0.9,
      ratio < 0.8,
    );
  }
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const growth = mb(memoryAfter.live - memoryBefore.live);
  target(
    `server memory with ${streams.count} streams`,
    `${growth.toFixed(1)} MB live growth after a full collection (${mb(memoryBefore.live).toFixed(0)} → ${mb(memoryAfter.live).toFixed(0)} MB heap + external; RSS ${mb(memoryBefore.rss).toFixed(0)} → ${mb(memoryAfter.rss).toFixed(0)} MB)`,
    '< 50 MB growth',
    growth < 50,
    growth >= 75,
  );
  for (const [ours, theirs] of [
    [page1, peerPage],
    [filtered, peerFiltered],
  ] as const)
    target(
      `${ours.name} vs json-server`,
      theirs.ok
        ? `${(ours.rps / theirs.rps).toFixed(1)}× (${ours.rps.toFixed(0)} vs ${theirs.rps.toFixed(1)} req/s)`
        : `${ours.rps.toFixed(0)} req/s vs none: json-server answered no request within ${DURATION} s`,
      '≥ 10× json-server 1.0',
      ours.rps >= 10 * theirs.rps,
      ours.rps < 5 * theirs.rps,
    );
  target(
    'login page JS transferred',
    `${kib(sizes.loginTransferred)} (brotli, ${sizes.loginFiles.length} files)`,
    `≤ ${kib(sizes.loginBudget)}`,
    sizes.loginTransferred <= sizes.loginBudget,
    sizes.loginTransferred > sizes.loginBudget,
  );
  target(
    'login page initial JS',
    `${kib(sizes.loginGzip)} gzip (${sizes.loginFiles.length} files), largest chunk ${kib(sizes.largestChunk.raw)}`,
    `≤ ${kib(sizes.loginTarget)} gzip (budget ${kib(sizes.loginBudget)}), no chunk > ${kib(sizes.chunkBudget)}`,
    sizes.loginGzip <= sizes.loginTarget && sizes.largestChunk.raw <= sizes.chunkBudget,
    sizes.loginGzip > sizes.loginBudget || sizes.largestChunk.raw > sizes.chunkBudget,
  );
  target(
    'sign-in to the first chart (Chromium, 1366×768)',
    `${(firstChart.medianMs / 1000).toFixed(2)} s median of ${firstChart.runsMs.length} (cold cache)`,
    '≤ 1.0 s',
    firstChart.medianMs <= 1000,
    false,
  );
  target(
    'pnpm start to /healthz (seeded demo)',
    `${runtime.startMs.toFixed(0)} ms`,
    '< 2 000 ms',
    runtime.startMs < 2000,
    false,
  );
  target(
    'demo reset (POST /api/demo/reset)',
    `${runtime.resetMs.toFixed(0)} ms`,
    '< 5 000 ms',
    runtime.resetMs < 5000,
    false,
  );
  target(
    'resident memory after the trainer script',
    `${runtime.rssMiB.toFixed(1)} MiB (${runtime.calls} calls; ${runtime.idleRssMiB.toFixed(1)} MiB after 20 s idle)`,
    '≤ 120 MiB',
    runtime.rssMiB <= 120,
    false,
  );
  log(`\nceiling (bare JSON route): ${ceiling.rps.toFixed(0)} req/s, p99 ${ceiling.p99} ms\n`);
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [name, figure, goal, met, wide] of rows)
    log(`${met ? 'OK  ' : wide ? 'FAIL' : 'WARN'} ${name.padEnd(width)}  ${figure}   target ${goal}`);
  if (rows.some((r) => !r[3] && r[4])) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
