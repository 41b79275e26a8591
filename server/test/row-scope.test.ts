import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { nextId } from '@psi/db/model';
import { addTenant, login, testApp } from './helpers';
import {
  adminClient,
  as,
  createRole,
  createUser,
  data,
  get,
  menuIds,
  OPS_DEPT,
  post,
  type Client,
} from './system/helpers';
import { as as psiAs, assertInvariants, demoApp, goodsId, one } from './psi/helpers';

const NOTICE = '/api/blade-desk/notice';

/** A data scope rule granted to a role, written as the data-scope screen stores it. */
function grantDataScope(app: FastifyInstance, roleId: string, resourceCode: string, scopeType: number) {
  const db = app.ctx.sqlite;
  const scopeId = BigInt(nextId());
  db.prepare(
    `INSERT INTO blade_scope_data (id, menu_id, resource_code, scope_name, scope_column, scope_type, status, is_deleted)
     VALUES (?, 0, ?, 'own rows', NULL, ?, 1, 0)`,
  ).run(scopeId, resourceCode, scopeType);
  db.prepare('INSERT INTO blade_role_scope (id, scope_category, scope_id, role_id) VALUES (?, 1, ?, ?)').run(
    BigInt(nextId()),
    scopeId,
    BigInt(roleId),
  );
  app.ctx.grants.clear();
}

/** Status and body of an answer, to compare two refusals. */
const answer = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
  const r = await res;
  return { status: r.statusCode, body: r.json() };
};

describe('data scope on every row access: system resources', () => {
  it('a row outside the scope answers like another tenant row on detail, submit and remove; a batch with one changes nothing', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const role = await createRole(admin, app, 'own_notices');
    data(
      await post(admin, '/api/blade-system/role/grant', {
        roleIds: [role],
        menuIds: menuIds(app, ['notice', 'notice_add', 'notice_edit', 'notice_delete', 'notice_view']),
        dataScopeIds: [],
        apiScopeIds: [],
      }),
    );
    grantDataScope(app, role, 'notice', 2);
    await createUser(admin, app, { account: 'ops', roleId: role, deptId: OPS_DEPT });
    await createUser(admin, app, { account: 'fin', roleId: role, deptId: OPS_DEPT });
    const ops = as(app, (await login(app, 'ops', 'secret1')).token);
    const fin = as(app, (await login(app, 'fin', 'secret1')).token);
    const titleId = (title: string) =>
      String(
        (app.ctx.sqlite.prepare('SELECT id FROM blade_notice WHERE title = ?').get(title) as { id: bigint })
          .id,
      );
    for (const [c, title] of [
      [ops, 'mine'],
      [fin, 'theirs'],
    ] as [Client, string][])
      data(await post(c, `${NOTICE}/submit`, { title, category: 1, releaseTime: '2025-01-01' }));
    const mine = titleId('mine');
    const theirs = titleId('theirs');
    // another tenant's notice, for the answer to compare with
    addTenant(app, '300001');
    const foreign = nextId();
    app.ctx.sqlite
      .prepare(
        `INSERT INTO blade_notice (id, tenant_id, title, category, release_time, status, is_deleted)
         VALUES (?, '300001', 'foreign', 1, '2025-01-01 00:00:00', 1, 0)`,
      )
      .run(BigInt(foreign));

    const list = data<{ records: { title: string }[] }>(await get(ops, `${NOTICE}/list`));
    expect(list.records.map((r) => r.title)).toEqual(['mine']);
    expect(await answer(get(ops, `${NOTICE}/detail?id=${theirs}`))).toEqual(
      await answer(get(ops, `${NOTICE}/detail?id=${foreign}`)),
    );
    expect(data(await get(ops, `${NOTICE}/detail?id=${mine}`))).toMatchObject({ title: 'mine' });
    const editTheirs = await answer(post(ops, `${NOTICE}/submit`, { id: theirs, title: 'hijacked' }));
    expect(editTheirs).toEqual(
      await answer(post(ops, `${NOTICE}/submit`, { id: foreign, title: 'hijacked' })),
    );
    expect(editTheirs.status).toBeGreaterThanOrEqual(400);
    const removeBoth = await answer(post(ops, `${NOTICE}/remove?ids=${mine},${theirs}`));
    expect(removeBoth).toEqual(await answer(post(ops, `${NOTICE}/remove?ids=${mine},${foreign}`)));
    expect(removeBoth.status).toBeGreaterThanOrEqual(400);
    const live = app.ctx.sqlite
      .prepare("SELECT title FROM blade_notice WHERE is_deleted = 0 AND tenant_id = '000000' ORDER BY title")
      .all() as { title: string }[];
    expect(live.map((r) => r.title)).toEqual(['mine', 'theirs']);
    // in scope, everything works
    data(await post(ops, `${NOTICE}/submit`, { id: mine, title: 'mine, edited' }));
    data(await post(ops, `${NOTICE}/remove?ids=${mine}`));
    // the super-admin is never narrowed
    expect(data(await get(admin, `${NOTICE}/detail?id=${theirs}`))).toMatchObject({ title: 'theirs' });
  });
});

describe('data scope on every row access: PSI documents', () => {
  it('a book outside the scope answers like another tenant book on detail, edit and remove', async () => {
    const app = await demoApp();
    const role = one<{ id: string }>(
      app,
      "SELECT CAST(role_id AS TEXT) AS id FROM blade_user WHERE account = 'pt_admin' AND tenant_id = '100001'",
    ).id.split(',')[0];
    grantDataScope(app, role, 'goodsinfo', 2);
    const pt = await psiAs(app, 'pt_admin');
    const seeded = goodsId(app, 'G01');
    const foreign = one<{ id: string }>(
      app,
      "SELECT CAST(id AS TEXT) AS id FROM psi_goods_info WHERE tenant_id = '100002' AND is_deleted = 0 LIMIT 1",
    ).id;
    // G01 was entered by someone else
    app.ctx.sqlite.prepare('UPDATE psi_goods_info SET create_user = 1 WHERE id = ?').run(BigInt(seeded));
    const before = one<{ n: number }>(app, 'SELECT COUNT(*) AS n FROM psi_goods_info WHERE is_deleted = 0').n;

    const listed = await pt.get<{ records: { id: string }[] }>('goodsinfo/list', { size: '200' });
    expect(listed.data.records.length).toBeGreaterThan(0);
    expect(listed.data.records.map((r) => r.id)).not.toContain(seeded);
    const detail = await pt.get('goodsinfo/detail', { id: seeded });
    expect(detail).toEqual(await pt.get('goodsinfo/detail', { id: foreign }));
    const edit = await pt.post('goodsinfo/submit', { id: seeded, status: 0 });
    expect(edit).toEqual(await pt.post('goodsinfo/submit', { id: foreign, status: 0 }));
    expect(edit.success).toBe(false);
    const remove = await pt.post(`goodsinfo/remove?ids=${seeded}`);
    expect(remove).toEqual(await pt.post(`goodsinfo/remove?ids=${foreign}`));
    expect(remove.success).toBe(false);
    expect(one<{ n: number }>(app, 'SELECT COUNT(*) AS n FROM psi_goods_info WHERE is_deleted = 0').n).toBe(
      before,
    );
    expect(
      one<{ s: number }>(app, 'SELECT status AS s FROM psi_goods_info WHERE id = ?', BigInt(seeded)).s,
    ).toBe(1);
    assertInvariants(app.ctx.sqlite);
  });
});

describe('data scope on every row action: PSI documents', () => {
  it('an order outside the scope answers like another tenant order on its approval, and nothing moves', async () => {
    const app = await demoApp();
    const role = one<{ id: string }>(
      app,
      "SELECT CAST(role_id AS TEXT) AS id FROM blade_user WHERE account = 'pt_admin' AND tenant_id = '100001'",
    ).id.split(',')[0];
    // own rows only: the schools' orders were entered by the schools, not by pt_admin
    grantDataScope(app, role, 'purchaseorderyypt', 2);
    const pt = await psiAs(app, 'pt_admin');
    const pendingOf = (tenant: string) =>
      one<{ id: string }>(
        app,
        `SELECT CAST(id AS TEXT) AS id FROM psi_purchase_order_yypt
         WHERE tenant_id = '${tenant}' AND order_status = 1 AND is_deleted = 0 ORDER BY id LIMIT 1`,
      ).id;
    const hidden = pendingOf('100001');
    const foreign = pendingOf('100002');
    const state = () =>
      one<{ s: number; v: number; b: number }>(
        app,
        `SELECT (SELECT order_status FROM psi_purchase_order_yypt WHERE id = ?) AS s,
                (SELECT version FROM psi_purchase_order_yypt WHERE id = ?) AS v,
                (SELECT COUNT(*) FROM psi_account_statement) AS b`,
        BigInt(hidden),
        BigInt(hidden),
      );
    const before = state();

    const approve = await pt.post('purchaseorderyypt/approveAudit', { id: hidden, pass: true });
    expect(approve.success).toBe(false);
    expect(approve).toEqual(await pt.post('purchaseorderyypt/approveAudit', { id: foreign, pass: true }));
    const reject = await pt.post('purchaseorderyypt/approveAudit', {
      id: hidden,
      pass: false,
      auditRemark: '不在范围内',
    });
    expect(reject).toEqual(approve);
    expect(state()).toEqual(before);
    assertInvariants(app.ctx.sqlite);
  });
});

describe('data scope on every row access: flow', () => {
  it('a process model outside the scope answers like another tenant model on detail, edit, deploy and remove', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const role = await createRole(admin, app, 'own_models');
    data(
      await post(admin, '/api/blade-system/role/grant', {
        roleIds: [role],
        menuIds: menuIds(app, [
          'flow_model',
          'flow_model_view',
          'flow_model_edit',
          'flow_model_delete',
          'flow_model_deploy',
        ]),
        dataScopeIds: [],
        apiScopeIds: [],
      }),
    );
    grantDataScope(app, role, 'flow_model', 2);
    const opsId = await createUser(admin, app, { account: 'ops', roleId: role, deptId: OPS_DEPT });
    const ops = as(app, (await login(app, 'ops', 'secret1')).token);
    addTenant(app, '300001');
    const model = (tenantId: string, createUser: string, key: string) => {
      const id = nextId();
      app.ctx.sqlite
        .prepare(
          `INSERT INTO flow_model (id, tenant_id, model_key, name, xml, version, create_user, create_time, update_time, status, is_deleted)
           VALUES (?, ?, ?, ?, '<definitions/>', 1, ?, '2025-01-01 00:00:00', '2025-01-01 00:00:00', 1, 0)`,
        )
        .run(BigInt(id), tenantId, key, key, BigInt(createUser));
      return id;
    };
    const mine = model('000000', opsId, 'mine');
    const theirs = model('000000', '1', 'theirs');
    const foreign = model('300001', '1', 'foreign');
    const FLOW = '/api/blade-flow/model';

    const listed = data<{ records: { modelKey: string }[] }>(await get(ops, `${FLOW}/list`));
    expect(listed.records.map((r) => r.modelKey)).toEqual(['mine']);
    expect(await answer(get(ops, `${FLOW}/detail?id=${theirs}`))).toEqual(
      await answer(get(ops, `${FLOW}/detail?id=${foreign}`)),
    );
    expect(data(await get(ops, `${FLOW}/detail?id=${mine}`))).toMatchObject({ modelKey: 'mine' });
    const deploy = await answer(post(ops, `${FLOW}/deploy?modelId=${theirs}`));
    expect(deploy).toEqual(await answer(post(ops, `${FLOW}/deploy?modelId=${foreign}`)));
    expect(deploy.status).toBeGreaterThanOrEqual(400);
    const remove = await answer(post(ops, `${FLOW}/remove?ids=${mine},${theirs}`));
    expect(remove).toEqual(await answer(post(ops, `${FLOW}/remove?ids=${mine},${foreign}`)));
    expect(remove.status).toBeGreaterThanOrEqual(400);
    const live = app.ctx.sqlite
      .prepare(
        "SELECT model_key AS k FROM flow_model WHERE is_deleted = 0 AND tenant_id = '000000' AND model_key IN ('mine', 'theirs') ORDER BY k",
      )
      .all() as { k: string }[];
    expect(live.map((r) => r.k)).toEqual(['mine', 'theirs']);
    data(await post(ops, `${FLOW}/remove?ids=${mine}`));
  });
});
