import type { LineAuth } from './auth';
import { isRecord, Refusal, Skip, type Dict, type Kit, type Scope } from './kit';

/** Resources safe to create and remove again on any backend, with a body the contract accepts. */
const ROUND_TRIPS: { base: string; scope: Scope; body: (tag: string) => Dict; key: string }[] = [
  {
    base: '/blade-system/param',
    scope: 'system',
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
    scope: 'desk',
    key: 'title',
    body: (tag) => ({
      title: `contract ${tag}`,
      category: 1,
      releaseTime: '2026-01-01 00:00:00',
      content: 'written and removed by the contract runner',
    }),
  },
];

/** Write round trips on safe resources: a row created, read back and removed again. */
export async function roundTrips(kit: Kit, token: string): Promise<void> {
  for (const trip of ROUND_TRIPS) {
    await kit.scenario(`round trip ${trip.base}`, { scope: trip.scope }, async () => {
      for (const end of ['submit', 'detail', 'remove', 'list'])
        if (!kit.documented(end === 'detail' || end === 'list' ? 'GET' : 'POST', `${trip.base}/${end}`))
          throw new Skip(`${trip.base}/${end} is not documented`);
      const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const body = trip.body(tag);
      const saved = await kit.ok<Dict>('POST', `${trip.base}/submit`, { token, json: body });
      let id = isRecord(saved) && saved.id !== undefined ? String(saved.id) : '';
      if (!id) {
        const page = await kit.ok<Dict>('GET', `${trip.base}/list`, {
          token,
          query: { [trip.key]: String(body[trip.key]), size: 10 },
        });
        const row = (page.records as Dict[] | undefined)?.find((r) => r[trip.key] === body[trip.key]);
        if (!row) throw new Refusal(`${trip.base}: the saved row is not in the list`);
        id = String(row.id);
      }
      const detail = await kit.ok<Dict>('GET', `${trip.base}/detail`, { token, query: { id } });
      for (const [k, v] of Object.entries(body))
        if (typeof v === 'string' && detail[k] !== v && !k.endsWith('Time')) {
          kit.http.flag(
            'GET',
            `${trip.base}/detail`,
            `${k} = ${JSON.stringify(v)} as submitted`,
            JSON.stringify(detail[k]),
          );
          throw new Refusal(`${trip.base}/detail: ${k} differs from what was submitted`);
        }
      await kit.ok('POST', `${trip.base}/remove`, { token, query: { ids: id } });
      const gone = await kit.ok<Dict>('GET', `${trip.base}/detail`, { token, query: { id } });
      if (isRecord(gone) && Object.keys(gone).length) {
        kit.http.flag('GET', `${trip.base}/detail`, 'an empty object after remove', 'the row');
        throw new Refusal(`${trip.base}: the removed row is still there`);
      }
      return `created ${id}, read it back, removed it`;
    });
  }
}

/** A PSI order through its approval states, as the school and the platform admin. */
export async function psiOrder(kit: Kit, auth: LineAuth): Promise<void> {
  await kit.scenario('psi order through its approval states', { scope: 'psi' }, async () => {
    const need = [
      ['POST', '/blade-psi/purchasedetailyypt/submitPurchaseOrderYypt'],
      ['POST', '/blade-psi/purchaseorderyypt/approveAudit'],
      ['POST', '/blade-psi/purchaseorderdepository/approveAuditDepository'],
      ['GET', '/blade-psi/purchaseorderyypt/detail'],
      ['GET', '/blade-psi/goodsinfo/list'],
    ];
    for (const [m, p] of need) if (!kit.documented(m, p)) throw new Skip(`${m} ${p} is not documented`);
    const school = await auth.demoSession('100001', 'xx_mingde');
    const pt = await auth.demoSession('100001', 'pt_admin');
    const goods = await kit.ok<Dict>('GET', '/blade-psi/goodsinfo/list', {
      token: school.access,
      query: { size: 1, status: 1 },
    });
    const goodsId = (goods.records as Dict[] | undefined)?.[0]?.id;
    if (!goodsId) throw new Skip('the school sees no book to order');
    const mine = await kit.ok<Dict>('GET', '/blade-psi/purchaseorderyypt/list', {
      token: school.access,
      query: { size: 1 },
    });
    const term = String((mine.records as Dict[] | undefined)?.[0]?.term ?? '2025-2026-1');
    const order = await kit.ok<Dict>('POST', '/blade-psi/purchasedetailyypt/submitPurchaseOrderYypt', {
      token: school.access,
      json: { term, details: [{ goodsId: String(goodsId), quantity: 1 }] },
    });
    const state = async (path: string, id: string, tok: string, want: number) => {
      const d = await kit.ok<Dict>('GET', path, { token: tok, query: { id } });
      if (Number(d.orderStatus) !== want) {
        kit.http.flag('GET', path, `orderStatus ${want}`, String(d.orderStatus));
        throw new Refusal(`${path}?id=${id}: orderStatus ${String(d.orderStatus)}, expected ${want}`);
      }
      return d;
    };
    const id = String(order.id);
    await state('/blade-psi/purchaseorderyypt/detail', id, school.access, 1);
    await kit.ok('POST', '/blade-psi/purchaseorderyypt/approveAudit', {
      token: pt.access,
      json: { id, pass: true },
    });
    const approved = await state('/blade-psi/purchaseorderyypt/detail', id, pt.access, 2);
    const podId = String(approved.depositoryOrderId ?? '');
    if (!podId || podId === '0') throw new Refusal('the approved order names no depository order');
    await state('/blade-psi/purchaseorderdepository/detail', podId, pt.access, 1);
    await kit.ok('POST', '/blade-psi/purchaseorderdepository/approveAuditDepository', {
      token: pt.access,
      json: { id: podId, pass: true },
    });
    await state('/blade-psi/purchaseorderdepository/detail', podId, pt.access, 2);
    // a second approval of the same order is refused with a message
    await kit.refused(
      'POST',
      '/blade-psi/purchaseorderyypt/approveAudit',
      { token: pt.access, json: { id, pass: true } },
      400,
      400,
      true,
    );
    return `征订单 ${String(order.orderNo ?? id)}: 待审核 → 已审核, 配送单 待审核 → 待发货`;
  });
}

/** The leave process: started by an employee, approved by the leader and HR. */
export async function leaveProcess(kit: Kit, auth: LineAuth): Promise<void> {
  await kit.scenario('leave process', { scope: 'flow' }, async () => {
    const need = [
      ['POST', '/blade-desk/process/leave/start-process'],
      ['GET', '/blade-flow/work/start-list'],
      ['GET', '/blade-flow/work/claim-list'],
      ['POST', '/blade-flow/work/claim-task'],
      ['POST', '/blade-flow/work/complete-task'],
    ];
    for (const [m, p] of need) if (!kit.documented(m, p)) throw new Skip(`${m} ${p} is not documented`);
    const emp = await auth.demoSession('000000', 'emp_zhang');
    const leader = await auth.demoSession('000000', 'leader_li');
    const hr = await auth.demoSession('000000', 'hr_wang');
    const starts = await kit.ok<Dict>('GET', '/blade-flow/work/start-list', {
      token: emp.access,
      query: { size: 50 },
    });
    const def = (starts.records as Dict[]).find((r) => r.key === 'leave');
    if (!def) throw new Skip('no leave process to start');
    const started = await kit.ok<Dict>('POST', '/blade-desk/process/leave/start-process', {
      token: emp.access,
      json: {
        processDefinitionId: def.id,
        leaveType: 1,
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-02 18:00:00',
        days: 2,
        reason: 'contract runner',
        taskUser: String(leader.userId),
      },
    });
    const pid = String(started.processInstanceId);
    const task = async (tok: string) => {
      const page = await kit.ok<Dict>('GET', '/blade-flow/work/claim-list', {
        token: tok,
        query: { size: 100 },
      });
      const t = (page.records as Dict[]).find((r) => r.processInstanceId === pid);
      if (!t) throw new Refusal(`process ${pid} is not in the claim list`);
      return String(t.taskId);
    };
    const first = await task(leader.access);
    await kit.ok('POST', '/blade-flow/work/claim-task', { token: leader.access, query: { taskId: first } });
    await kit.ok('POST', '/blade-flow/work/complete-task', {
      token: leader.access,
      json: { taskId: first, processInstanceId: pid, flag: 'ok', comment: 'ok' },
    });
    const second = await task(hr.access);
    await kit.ok('POST', '/blade-flow/work/complete-task', {
      token: hr.access,
      json: { taskId: second, processInstanceId: pid, flag: 'ok', comment: 'ok' },
    });
    if (kit.documented('GET', '/blade-desk/process/leave/detail')) {
      const d = await kit.ok<Dict>('GET', '/blade-desk/process/leave/detail', {
        token: emp.access,
        query: { businessId: String(started.businessId) },
      });
      if (d.processStatus !== undefined && d.processStatus !== 'finished') {
        kit.http.flag(
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
