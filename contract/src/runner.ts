import { createHash } from 'node:crypto';
import { ContractClient, median, type Answer, type CallOptions, type EndpointStat } from './http';
import type { ContractValidator, Violation } from './validate';
import type { Operation } from './document';
import { publicDialectScenarios } from './public-dialect';

export interface RunOptions {
  baseUrl: string;
  tenant: string;
  account: string;
  password: string;
  clientId: string;
  clientSecret: string;
  /** The known captcha answer (a demo server started with CAPTCHA_FIXED); without it the password grant. */
  captcha?: string;
  /** An access token to use instead of signing in (with `readOnly`, nothing at all is written). */
  token?: string;
  readOnly: boolean;
  /** Password of the demo accounts used by the PSI, leave and permission scenarios. */
  demoPassword: string;
  lang: string;
}

export interface ScenarioResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  detail: string;
  ms: number;
}

export interface RunResult {
  endpoints: EndpointStat[];
  scenarios: ScenarioResult[];
  violations: Violation[];
  /** Documented GET routes no scenario called. */
  uncalled: string[];
  /** Non-GET calls sent (empty with `--read-only`). */
  writes: string[];
  ok: boolean;
}

type Dict = Record<string, unknown>;

/** A scenario stops at the first answer that is not what the contract promises. */
class Refusal extends Error {}
/** The backend lacks what a scenario needs (route not documented, demo account absent). */
class Skip extends Error {}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const isRecord = (v: unknown): v is Dict => !!v && typeof v === 'object' && !Array.isArray(v);

/** GET routes that change state on the server: never walked blindly, and never with `--read-only`. */
const ACTING_GETS = /\/(logout|clear-cache|captcha)$/;
/** Resources safe to create and remove again on any backend, with a body the contract accepts. */
const ROUND_TRIPS: { base: string; body: (tag: string) => Dict; key: string }[] = [
  {
    base: '/blade-system/param',
    key: 'paramKey',
    body: (tag) => ({
      paramName: `contract ${tag}`,
      paramKey: `contract.runner.${tag}`,
      paramValue: tag,
      remark: 'written and removed by the contract runner',
    }),
  },
  {
    base: '/blade-desk/notice',
    key: 'title',
    body: (tag) => ({
      title: `contract ${tag}`,
      category: 1,
      releaseTime: '2026-01-01 00:00:00',
      content: 'written and removed by the contract runner',
    }),
  },
];

export async function runContract(validator: ContractValidator, opts: RunOptions): Promise<RunResult> {
  const basic = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
  const http = new ContractClient(opts.baseUrl, validator, basic, opts.lang);
  const scenarios: ScenarioResult[] = [];
  const documented = (method: string, path: string) =>
    validator.operations.some((o) => o.method === method && o.path === path);

  const scenario = async (name: string, body: () => Promise<string | void>) => {
    const started = performance.now();
    try {
      const detail = (await body()) ?? '';
      scenarios.push({ name, status: 'passed', detail, ms: performance.now() - started });
    } catch (e) {
      const skipped = e instanceof Skip;
      scenarios.push({
        name,
        status: skipped ? 'skipped' : 'failed',
        detail: e instanceof Error ? e.message : String(e),
        ms: performance.now() - started,
      });
    }
  };

  /** The envelope's data of a successful answer; anything else flags the call and stops the scenario. */
  const ok = async <T = unknown>(method: string, path: string, o: CallOptions): Promise<T> => {
    const a = await http.call(method, path, o);
    const body = a.body as Dict | undefined;
    if (a.status !== 200 || !isRecord(body) || body.code !== 200 || body.success !== true) {
      const seen = `HTTP ${a.status} ${JSON.stringify(body ?? null).slice(0, 160)}`;
      http.flag(method, path, 'HTTP 200 with code 200', seen);
      throw new Refusal(`${method} ${path}: ${seen}`);
    }
    return body.data as T;
  };
  const refused = async (
    method: string,
    path: string,
    o: CallOptions,
    status: number,
    code: number,
    withMessage = false,
  ) => {
    const a = await http.call(method, path, o);
    const body = a.body as Dict | undefined;
    const good =
      a.status === status &&
      isRecord(body) &&
      body.code === code &&
      body.success === false &&
      (!withMessage || (typeof body.msg === 'string' && body.msg.length > 0));
    if (!good) {
      const seen = `HTTP ${a.status} ${JSON.stringify(body ?? null).slice(0, 160)}`;
      http.flag(method, path, `HTTP ${status} with code ${code}${withMessage ? ' and a message' : ''}`, seen);
      throw new Refusal(`${method} ${path}: expected HTTP ${status} code ${code}, saw ${seen}`);
    }
  };

  // ------------------------------------------------------------------ sign-in
  const tokenPath = '/blade-auth/oauth/token';
  type Session = { failed: string } | { failed?: undefined; access: string; refresh: string; user: Dict };
  const signIn = async (
    tenant: string,
    account: string,
    password: string,
    captcha?: string,
  ): Promise<Session> => {
    const headers: Record<string, string> = { 'tenant-id': tenant };
    if (captcha) {
      const c = await ok<Dict>('GET', '/blade-auth/oauth/captcha', {});
      headers['captcha-key'] = String(c.key);
      headers['captcha-code'] = captcha;
    }
    const a = await http.call('POST', tokenPath, {
      headers,
      query: {
        tenantId: tenant,
        username: account,
        password: md5(password),
        grant_type: captcha ? 'captcha' : 'password',
        scope: 'all',
        type: 'account',
      },
    });
    const body = a.body as Dict | undefined;
    if (a.status !== 200 || !isRecord(body) || typeof body.access_token !== 'string')
      return { failed: `HTTP ${a.status} ${JSON.stringify(body ?? null).slice(0, 160)}` };
    return { access: body.access_token, refresh: String(body.refresh_token), user: body };
  };
  const demoSession = async (tenant: string, account: string) => {
    const s = await signIn(tenant, account, opts.demoPassword, opts.captcha);
    if (s.failed !== undefined)
      throw new Skip(`demo account ${tenant}/${account} cannot sign in (${s.failed})`);
    return s;
  };

  let token = opts.token ?? '';
  await scenario('sign-in', async () => {
    if (opts.token) return 'with the given token';
    const s = await signIn(opts.tenant, opts.account, opts.password, opts.captcha);
    if (s.failed !== undefined) {
      http.flag('POST', tokenPath, 'HTTP 200 with tokens', s.failed);
      throw new Refusal(`sign-in of ${opts.tenant}/${opts.account} failed: ${s.failed}`);
    }
    token = s.access;
    if (opts.readOnly) return `${opts.account} signed in (${opts.captcha ? 'captcha' : 'password'} grant)`;
    // refresh rotates the pair: the new refresh token works, the old one no longer does
    const r = await http.call('POST', tokenPath, {
      headers: { 'tenant-id': opts.tenant },
      query: { grant_type: 'refresh_token', refresh_token: s.refresh, scope: 'all', tenantId: opts.tenant },
    });
    const body = r.body as Dict | undefined;
    if (r.status !== 200 || !isRecord(body) || typeof body.access_token !== 'string') {
      http.flag('POST', tokenPath, 'HTTP 200 with a new pair', `HTTP ${r.status}`);
      throw new Refusal(`refresh failed: HTTP ${r.status}`);
    }
    token = body.access_token;
    const again = await http.call('POST', tokenPath, {
      headers: { 'tenant-id': opts.tenant },
      query: { grant_type: 'refresh_token', refresh_token: s.refresh, scope: 'all', tenantId: opts.tenant },
    });
    if (again.status === 200) {
      http.flag('POST', tokenPath, 'a used refresh token is refused (rotation)', `HTTP ${again.status}`);
      throw new Refusal('a used refresh token was accepted again');
    }
    // a replayed refresh token may revoke the whole sign-in (reuse detection): start a fresh one
    const fresh = await signIn(opts.tenant, opts.account, opts.password, opts.captcha);
    if (fresh.failed !== undefined) throw new Refusal(`signing in again failed: ${fresh.failed}`);
    token = fresh.access;
    return `${opts.account} signed in and refreshed; the used refresh token is refused`;
  });
  if (!token) return finish(http, validator, scenarios);

  // ------------------------------------------------------------------ the session's own reads
  await scenario('session', async () => {
    const info = await ok<Dict>('GET', '/blade-auth/oauth/user-info', { token });
    const routes = await ok<unknown>('GET', '/blade-system/menu/routes', { token });
    await ok('GET', '/blade-system/menu/buttons', { token });
    const tops = await ok<Dict[]>('GET', '/blade-system/menu/top-menu', { token });
    // the captcha (in memory on the server, no row written) when the sign-in did not need one
    if (!opts.captcha && !opts.readOnly && documented('GET', '/blade-auth/oauth/captcha'))
      await ok('GET', '/blade-auth/oauth/captcha', {});
    for (const top of Array.isArray(tops) ? tops.slice(0, 3) : [])
      await ok('GET', '/blade-system/menu/routes', { token, query: { topMenuId: String(top.id) } });
    return `user ${String(info.account ?? '')}, ${Array.isArray(routes) ? routes.length : 0} root menus`;
  });

  // ------------------------------------------------------------------ every documented GET
  const walk = async (who: string, tok: string, filter: (o: Operation) => boolean) => {
    const gets = validator.operations.filter(
      (o) => o.method === 'GET' && !o.path.includes('{') && !ACTING_GETS.test(o.path) && filter(o),
    );
    const lists = gets.filter((o) => isListOp(o));
    const firstRows = new Map<string, Dict>();
    let calls = 0;
    const get = (op: Operation, query: Record<string, string | number>) => {
      calls++;
      return http.call('GET', op.path, { token: tok, query: { ...fill(op), ...query } });
    };
    for (const list of lists) {
      const first = await get(list, { current: 1, size: 2 });
      const records = recordsOf(first);
      if (records[0]) firstRows.set(list.path.slice(0, list.path.lastIndexOf('/')), records[0]);
      if (!hasQuery(list, 'current') && !isPage(first)) continue;
      // page 2, a sort on a documented column, a filter on a documented field with a value just seen
      await get(list, { current: 2, size: 1 });
      const sortable = sortColumn(list, records[0]);
      if (sortable) await get(list, { descs: sortable, size: 3 });
      const filter = filterOf(list, records[0]);
      if (filter) {
        const a = await get(list, filter);
        if (a.status === 200 && recordsOf(a).length === 0)
          http.flag('GET', list.path, `the row just listed matches ${JSON.stringify(filter)}`, 'no rows');
      }
    }
    for (const op of gets.filter((o) => !isListOp(o))) await get(op, fromRows(op, firstRows, opts.tenant));
    return `${who}: ${gets.length} routes, ${calls} calls`;
  };
  await scenario('lists and details', () =>
    walk(opts.account, token, (o) => !o.path.startsWith('/blade-psi/')),
  );
  await scenario('psi lists and details', async () => {
    if (!validator.operations.some((o) => o.path.startsWith('/blade-psi/')))
      throw new Skip('no /blade-psi routes');
    if (opts.readOnly) return walk(opts.account, token, (o) => o.path.startsWith('/blade-psi/'));
    const pt = await demoSession('100001', 'pt_admin');
    return walk('pt_admin', pt.access, (o) => o.path.startsWith('/blade-psi/'));
  });

  // ------------------------------------------------------------------ writes
  if (!opts.readOnly) {
    for (const trip of ROUND_TRIPS) {
      await scenario(`round trip ${trip.base}`, async () => {
        for (const end of ['submit', 'detail', 'remove', 'list'])
          if (!documented(end === 'detail' || end === 'list' ? 'GET' : 'POST', `${trip.base}/${end}`))
            throw new Skip(`${trip.base}/${end} is not documented`);
        const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
        const body = trip.body(tag);
        const saved = await ok<Dict>('POST', `${trip.base}/submit`, { token, json: body });
        let id = isRecord(saved) && saved.id !== undefined ? String(saved.id) : '';
        if (!id) {
          const page = await ok<Dict>('GET', `${trip.base}/list`, {
            token,
            query: { [trip.key]: String(body[trip.key]), size: 10 },
          });
          const row = (page.records as Dict[] | undefined)?.find((r) => r[trip.key] === body[trip.key]);
          if (!row) throw new Refusal(`${trip.base}: the saved row is not in the list`);
          id = String(row.id);
        }
        const detail = await ok<Dict>('GET', `${trip.base}/detail`, { token, query: { id } });
        for (const [k, v] of Object.entries(body))
          if (typeof v === 'string' && detail[k] !== v && !k.endsWith('Time')) {
            http.flag(
              'GET',
              `${trip.base}/detail`,
              `${k} = ${JSON.stringify(v)} as submitted`,
              JSON.stringify(detail[k]),
            );
            throw new Refusal(`${trip.base}/detail: ${k} differs from what was submitted`);
          }
        await ok('POST', `${trip.base}/remove`, { token, query: { ids: id } });
        const gone = await ok<Dict>('GET', `${trip.base}/detail`, { token, query: { id } });
        if (isRecord(gone) && Object.keys(gone).length) {
          http.flag('GET', `${trip.base}/detail`, 'an empty object after remove', 'the row');
          throw new Refusal(`${trip.base}: the removed row is still there`);
        }
        return `created ${id}, read it back, removed it`;
      });
    }

    await scenario('psi order through its approval states', async () => {
      const need = [
        ['POST', '/blade-psi/purchasedetailyypt/submitPurchaseOrderYypt'],
        ['POST', '/blade-psi/purchaseorderyypt/approveAudit'],
        ['POST', '/blade-psi/purchaseorderdepository/approveAuditDepository'],
        ['GET', '/blade-psi/purchaseorderyypt/detail'],
        ['GET', '/blade-psi/goodsinfo/list'],
      ];
      for (const [m, p] of need) if (!documented(m, p)) throw new Skip(`${m} ${p} is not documented`);
      const school = await demoSession('100001', 'xx_mingde');
      const pt = await demoSession('100001', 'pt_admin');
      const goods = await ok<Dict>('GET', '/blade-psi/goodsinfo/list', {
        token: school.access,
        query: { size: 1, status: 1 },
      });
      const goodsId = (goods.records as Dict[] | undefined)?.[0]?.id;
      if (!goodsId) throw new Skip('the school sees no book to order');
      const mine = await ok<Dict>('GET', '/blade-psi/purchaseorderyypt/list', {
        token: school.access,
        query: { size: 1 },
      });
      const term = String((mine.records as Dict[] | undefined)?.[0]?.term ?? '2025-2026-1');
      const order = await ok<Dict>('POST', '/blade-psi/purchasedetailyypt/submitPurchaseOrderYypt', {
        token: school.access,
        json: { term, details: [{ goodsId: String(goodsId), quantity: 1 }] },
      });
      const state = async (path: string, id: string, tok: string, want: number) => {
        const d = await ok<Dict>('GET', path, { token: tok, query: { id } });
        if (Number(d.orderStatus) !== want) {
          http.flag('GET', path, `orderStatus ${want}`, String(d.orderStatus));
          throw new Refusal(`${path}?id=${id}: orderStatus ${String(d.orderStatus)}, expected ${want}`);
        }
        return d;
      };
      const id = String(order.id);
      await state('/blade-psi/purchaseorderyypt/detail', id, school.access, 1);
      await ok('POST', '/blade-psi/purchaseorderyypt/approveAudit', {
        token: pt.access,
        json: { id, pass: true },
      });
      const approved = await state('/blade-psi/purchaseorderyypt/detail', id, pt.access, 2);
      const podId = String(approved.depositoryOrderId ?? '');
      if (!podId || podId === '0') throw new Refusal('the approved order names no depository order');
      await state('/blade-psi/purchaseorderdepository/detail', podId, pt.access, 1);
      await ok('POST', '/blade-psi/purchaseorderdepository/approveAuditDepository', {
        token: pt.access,
        json: { id: podId, pass: true },
      });
      await state('/blade-psi/purchaseorderdepository/detail', podId, pt.access, 2);
      // a second approval of the same order is refused with a message
      await refused(
        'POST',
        '/blade-psi/purchaseorderyypt/approveAudit',
        { token: pt.access, json: { id, pass: true } },
        400,
        400,
        true,
      );
      return `征订单 ${String(order.orderNo ?? id)}: 待审核 → 已审核, 配送单 待审核 → 待发货`;
    });

    await scenario('leave process', async () => {
      const need = [
        ['POST', '/blade-desk/process/leave/start-process'],
        ['GET', '/blade-flow/work/start-list'],
        ['GET', '/blade-flow/work/claim-list'],
        ['POST', '/blade-flow/work/claim-task'],
        ['POST', '/blade-flow/work/complete-task'],
      ];
      for (const [m, p] of need) if (!documented(m, p)) throw new Skip(`${m} ${p} is not documented`);
      const emp = await demoSession('000000', 'emp_zhang');
      const leader = await demoSession('000000', 'leader_li');
      const hr = await demoSession('000000', 'hr_wang');
      const starts = await ok<Dict>('GET', '/blade-flow/work/start-list', {
        token: emp.access,
        query: { size: 50 },
      });
      const def = (starts.records as Dict[]).find((r) => r.key === 'leave');
      if (!def) throw new Skip('no leave process to start');
      const started = await ok<Dict>('POST', '/blade-desk/process/leave/start-process', {
        token: emp.access,
        json: {
          processDefinitionId: def.id,
          leaveType: 1,
          startTime: '2026-12-01 09:00:00',
          endTime: '2026-12-02 18:00:00',
          days: 2,
          reason: 'contract runner',
          taskUser: String(leader.user.user_id),
        },
      });
      const pid = String(started.processInstanceId);
      const task = async (tok: string) => {
        const page = await ok<Dict>('GET', '/blade-flow/work/claim-list', {
          token: tok,
          query: { size: 100 },
        });
        const t = (page.records as Dict[]).find((r) => r.processInstanceId === pid);
        if (!t) throw new Refusal(`process ${pid} is not in the claim list`);
        return String(t.taskId);
      };
      const first = await task(leader.access);
      await ok('POST', '/blade-flow/work/claim-task', { token: leader.access, query: { taskId: first } });
      await ok('POST', '/blade-flow/work/complete-task', {
        token: leader.access,
        json: { taskId: first, processInstanceId: pid, flag: 'ok', comment: 'ok' },
      });
      const second = await task(hr.access);
      await ok('POST', '/blade-flow/work/complete-task', {
        token: hr.access,
        json: { taskId: second, processInstanceId: pid, flag: 'ok', comment: 'ok' },
      });
      if (documented('GET', '/blade-desk/process/leave/detail')) {
        const d = await ok<Dict>('GET', '/blade-desk/process/leave/detail', {
          token: emp.access,
          query: { businessId: String(started.businessId) },
        });
        if (d.processStatus !== undefined && d.processStatus !== 'finished') {
          http.flag(
            'GET',
            '/blade-desk/process/leave/detail',
            'processStatus finished',
            String(d.processStatus),
          );
          throw new Refusal(`leave ${pid} did not finish`);
        }
      }
      return `leave ${pid}: leader and HR approved`;
    });
  }

  // ------------------------------------------------------------------ the public SpringBlade dialect
  await publicDialectScenarios({
    opts,
    operations: validator.operations,
    documented,
    scenario,
    ok,
    refused: (method, path, o, status, code) => refused(method, path, o, status, code),
    skip: (reason) => new Skip(reason),
    refuse: (reason) => new Refusal(reason),
  });

  // ------------------------------------------------------------------ error cases
  await scenario('error cases', async () => {
    await refused('GET', '/blade-auth/oauth/user-info', {}, 401, 401);
    await refused('GET', '/blade-auth/oauth/user-info', { token: 'not-a-token' }, 401, 401);
    await refused('GET', '/blade-system/param/detail', { token }, 400, 400, true);
    await refused('GET', '/blade-system/contract-runner-no-such-route', { token }, 404, 404);
    if (opts.readOnly) return '401, 400 and 404 (403 needs a second account: skipped with --read-only)';
    const emp = await demoSession('000000', 'emp_zhang');
    await refused('GET', '/blade-system/param/list', { token: emp.access }, 403, 403);
    return '401, 403, 400 and 404';
  });

  // ------------------------------------------------------------------ sign-out
  if (!opts.readOnly)
    await scenario('sign-out', async () => {
      const done: string[] = [];
      for (const path of ['/blade-auth/oauth/clear-cache', '/blade-auth/oauth/logout'])
        if (documented('GET', path)) {
          await ok('GET', path, { token });
          done.push(path.slice(path.lastIndexOf('/') + 1));
        }
      if (!done.length) throw new Skip('neither clear-cache nor logout is documented');
      return done.join(', ');
    });

  return finish(http, validator, scenarios);
}

function finish(http: ContractClient, validator: ContractValidator, scenarios: ScenarioResult[]): RunResult {
  const endpoints = [...http.stats.values()].sort((a, b) => a.endpoint.localeCompare(b.endpoint));
  const violations = endpoints.flatMap((e) => e.violations);
  const called = new Set(endpoints.filter((e) => e.calls > 0).map((e) => e.endpoint));
  const uncalled = validator.operations
    .filter((o) => o.method === 'GET' && !called.has(`GET ${o.path}`))
    .map((o) => `GET ${o.path}`);
  return {
    endpoints,
    scenarios,
    violations,
    uncalled,
    writes: http.writes,
    ok: violations.length === 0 && scenarios.every((s) => s.status !== 'failed'),
  };
}

const isListOp = (o: Operation) => /\/(list|page)$/.test(o.path) || hasQuery(o, 'current');
const hasQuery = (o: Operation, name: string) =>
  (o.op.parameters ?? []).some((p) => p.in === 'query' && p.name === name);

/** Values for the required query parameters: the document's example, default or first enum value. */
function fill(o: Operation): Record<string, string> {
  const q: Record<string, string> = {};
  for (const p of o.op.parameters ?? []) {
    if (p.in !== 'query' || !p.required) continue;
    const v = p.example ?? p.schema?.example ?? p.schema?.default ?? p.schema?.enum?.[0];
    if (v !== undefined) q[p.name] = String(v);
  }
  return q;
}

/**
 * Query values for a detail-like route from rows the walk has listed: `id` (and the required `…Id` /
 * `…Ids` parameters) from the first row of the same resource, any other required parameter from a
 * listed row carrying a field of that name, `tenantId` the signed-in tenant, `parentId` the root.
 */
function fromRows(o: Operation, rows: Map<string, Dict>, tenant: string): Record<string, string> {
  const own = rows.get(o.path.slice(0, o.path.lastIndexOf('/')));
  const q: Record<string, string> = {};
  const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  // Blade's `detail?id=`, documented or not
  if (/\/detail$/.test(o.path) && own?.id !== undefined) q.id = String(own.id);
  for (const p of o.op.parameters ?? []) {
    if (p.in !== 'query') continue;
    if (p.name === 'id' && own?.id !== undefined) q.id = String(own.id);
    if (!p.required || q[p.name] !== undefined) continue;
    let v = scalar(own?.[p.name]);
    if (v === undefined && /Ids?$/.test(p.name) && own?.id !== undefined) v = String(own.id);
    for (const row of rows.values()) if (v === undefined) v = scalar(row[p.name]);
    if (v === undefined && p.name === 'tenantId') v = tenant;
    if (v === undefined && p.name === 'parentId') v = '0';
    if (v !== undefined) q[p.name] = v;
  }
  return q;
}

function isPage(a: Answer): boolean {
  const data = isRecord(a.body) ? a.body.data : undefined;
  return isRecord(data) && Array.isArray(data.records) && typeof data.total === 'number';
}

function recordsOf(a: Answer): Dict[] {
  const data = isRecord(a.body) ? a.body.data : undefined;
  if (isRecord(data) && Array.isArray(data.records)) return data.records.filter(isRecord);
  if (Array.isArray(data)) return data.filter(isRecord);
  return [];
}

/** A column to sort on: from the documented `descs` enum, else `create_time` when rows carry it. */
function sortColumn(o: Operation, row: Dict | undefined): string | undefined {
  const p = (o.op.parameters ?? []).find((x) => x.in === 'query' && x.name === 'descs');
  const listed = p?.schema?.enum?.[0];
  if (listed !== undefined) return String(listed);
  if (row && 'createTime' in row) return 'create_time';
  return undefined;
}

/** A documented text filter whose field the first row carries: filtering by its value finds rows again. */
function filterOf(o: Operation, row: Dict | undefined): Record<string, string> | undefined {
  if (!row) return undefined;
  for (const p of o.op.parameters ?? []) {
    if (p.in !== 'query' || ['current', 'size', 'ascs', 'descs'].includes(p.name)) continue;
    const v = row[p.name];
    if (typeof v === 'string' && v.trim() && v.length < 60) return { [p.name]: v };
  }
  return undefined;
}

/** The per-endpoint table: endpoint, calls, violations, p50 ms. */
export function formatTable(result: RunResult): string {
  const rows = result.endpoints.map((e) => [
    e.endpoint + (e.documented ? '' : ' (undocumented)'),
    String(e.calls),
    String(e.violations.length),
    median(e.times).toFixed(1),
  ]);
  const head = ['endpoint', 'calls', 'violations', 'p50 ms'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
  out.push('', 'scenarios:');
  for (const s of result.scenarios)
    out.push(`  ${s.status.padEnd(7)} ${s.name}${s.detail ? `: ${s.detail}` : ''}`);
  if (result.violations.length) {
    out.push('', `violations (${result.violations.length}):`);
    for (const v of result.violations)
      out.push(`  ${v.route}  ${v.path}  expected ${v.expected}, seen ${v.seen}`);
  }
  if (result.uncalled.length) {
    out.push('', `documented GET routes never called (${result.uncalled.length}):`);
    for (const u of result.uncalled) out.push(`  ${u}`);
  }
  out.push('', result.ok ? 'contract: passed' : 'contract: FAILED');
  return out.join('\n');
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JUnit XML: one test case per endpoint (its violations as the failure) and per scenario. */
export function formatJunit(result: RunResult): string {
  const cases: string[] = [];
  for (const e of result.endpoints) {
    const time = (e.times.reduce((a, b) => a + b, 0) / 1000).toFixed(3);
    const failure = e.violations.length
      ? `<failure message="${xml(`${e.violations.length} violation(s)`)}">${xml(
          e.violations.map((v) => `${v.path}: expected ${v.expected}, seen ${v.seen}`).join('\n'),
        )}</failure>`
      : '';
    cases.push(
      `    <testcase classname="endpoints" name="${xml(e.endpoint)}" time="${time}">${failure}</testcase>`,
    );
  }
  for (const s of result.scenarios) {
    const inner =
      s.status === 'failed'
        ? `<failure message="${xml(s.detail)}"/>`
        : s.status === 'skipped'
          ? `<skipped message="${xml(s.detail)}"/>`
          : '';
    cases.push(
      `    <testcase classname="scenarios" name="${xml(s.name)}" time="${(s.ms / 1000).toFixed(3)}">${inner}</testcase>`,
    );
  }
  const failures =
    result.endpoints.filter((e) => e.violations.length).length +
    result.scenarios.filter((s) => s.status === 'failed').length;
  const skipped = result.scenarios.filter((s) => s.status === 'skipped').length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="contract" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
