import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextId, t } from '@psi/db/model';
import { psiMessages, purchaseorderDocument, type DocumentDef } from '@psi/db/model/psi/index';
import { purchaseDetail, purchaseOrder } from '@psi/db/schema';
import { formBody } from '../../src/core/route-schemas';
import { approvalRoute, described, VERSION } from '../../src/modules/psi/shared/doc-routes';
import { documentKind, type DocHeader } from '../../src/modules/psi/shared/docs';
import { canActForDepository, fail } from '../../src/modules/psi/shared/env';
import { storageBody } from '../../src/modules/psi/shared/http';
import type { StoredLine } from '../../src/modules/psi/shared/lines';
import { specs } from '../../src/modules/psi/shared/specs';
import { as, assertInvariants, demoApp, demoAppBuiltBy, docId, one } from './helpers';

/*
 * "The declaration is the rule" (docs/architecture.md): a status and a transition added to a PSI
 * document kind's declaration change the server's guards and route access with no server change.
 * (1) A test-only extension of the 采购入库单 declares a status `held` and a transition `hold`; its
 * route is registered through the server's own helpers (approvalRoute, documentKind.move), the way
 * worked example (b) registers an action. (2) The product declaration itself is extended before
 * the server loads, and the product's storage route and guard follow it.
 */

const held = { name: 'held', code: 5, label: t('暂缓入库', 'On hold'), color: 'orange', open: true };
const hold = { from: ['audited'], to: 'held', who: ['purchaseorder_hold'] };

/** The 采购入库单 as declared, plus `held` and `hold` (in the product: documents.ts). */
const heldPurchase: DocumentDef = {
  ...purchaseorderDocument,
  statuses: {
    ...purchaseorderDocument.statuses,
    codes: [...purchaseorderDocument.statuses.codes, held],
  },
  transitions: { ...purchaseorderDocument.transitions, hold },
};

/** The document kind on the server side: the one `documentKind` of shared/docs.ts. */
const heldKind = documentKind<DocHeader, StoredLine>(
  {
    doc: heldPurchase,
    table: purchaseOrder,
    columns: 'order_no AS orderNo, order_status AS status, CAST(depository_id AS TEXT) AS depositoryId',
    lineTable: purchaseDetail,
    parentColumn: 'purchase_id',
    lineColumns: 'l.received_quantity AS receivedQuantity',
  },
  () => true,
);

/** The action's route, as a module registers one: its access and guard come from `hold`. */
async function holdModule(app: FastifyInstance) {
  approvalRoute(app, {
    url: '/blade-psi/purchaseorder/hold',
    spec: specs.purchaseorder,
    takes: { doc: heldPurchase, actions: ['hold'] },
    body: formBody(described({ id: 'the document', version: VERSION })),
    schema: storageBody,
    approve: (env, actor, body) =>
      heldKind.move(env, actor, 'hold', { id: body.id!, version: body.version }, (row) => {
        if (!canActForDepository(actor, row.depositoryId)) throw fail('noPermission');
      }),
  });
}

/** A button under the 采购入库单 menu, granted to the role of `account` (fixtures/menus.json in the product). */
function grantButton(app: FastifyInstance, account: string, code: string) {
  const db = app.ctx.sqlite;
  const parent = one<{ id: string }>(
    app,
    `SELECT CAST(id AS TEXT) AS id FROM blade_menu WHERE code = 'purchaseorder' AND is_deleted = 0`,
  ).id;
  const menuId = nextId();
  db.prepare(
    `INSERT INTO blade_menu (id, parent_id, code, name, category, status, is_deleted) VALUES (?, ?, ?, ?, 2, 1, 0)`,
  ).run(BigInt(menuId), BigInt(parent), code, code);
  const roles = one<{ roles: string }>(
    app,
    `SELECT role_id AS roles FROM blade_user WHERE account = ? AND tenant_id = '100001' AND is_deleted = 0`,
    account,
  ).roles;
  for (const role of roles.split(','))
    db.prepare('INSERT INTO blade_role_menu (id, menu_id, role_id) VALUES (?, ?, ?)').run(
      BigInt(nextId()),
      BigInt(menuId),
      BigInt(role),
    );
  app.ctx.grants.clear();
}

let app: FastifyInstance;
afterEach(() => assertInvariants(app.ctx.sqlite));

const status = (app: FastifyInstance, id: string) =>
  one<{ s: number }>(app, 'SELECT order_status AS s FROM psi_purchase_order WHERE id = ?', BigInt(id)).s;

describe('a transition added to a test-only declaration', () => {
  it('is guarded by its declared buttons and source statuses, through the server helpers', async () => {
    app = await demoApp();
    await app.register(holdModule, { prefix: '/api' });
    const route = app.routeTable.find((r) => r.url === '/api/blade-psi/purchaseorder/hold');
    expect(route?.access).toEqual({ button: hold.who });

    const audited = docId(app, 'psi_purchase_order', 'CG20250720-0001');
    const pending = docId(app, 'psi_purchase_order', 'CG20250720-0002');
    const pt = await as(app, 'pt_admin');
    const ptEn = await as(app, 'pt_admin', 'en');
    // the platform administrator holds every 采购入库单 button of the fixtures, not the new one
    expect((await pt.post('purchaseorder/hold', { id: audited })).status).toBe(403);
    expect(status(app, audited)).toBe(2);

    grantButton(app, 'pt_admin', 'purchaseorder_hold');
    // from a status the transition does not leave: the bilingual refusal, nothing written
    const zh = await pt.post('purchaseorder/hold', { id: pending });
    expect(zh).toMatchObject({ status: 400, code: 400, success: false, msg: psiMessages.statusChanged.zh });
    const en = await ptEn.post('purchaseorder/hold', { id: pending });
    expect(en).toMatchObject({ status: 400, success: false, msg: psiMessages.statusChanged.en });
    expect(status(app, pending)).toBe(1);

    // from the declared source status: the document moves to the declared target
    const moved = await pt.post<{ id: string; orderStatus: number }>('purchaseorder/hold', { id: audited });
    expect(moved).toMatchObject({
      status: 200,
      success: true,
      data: { id: audited, orderStatus: held.code },
    });
    expect(status(app, audited)).toBe(held.code);
    // the transition's source is the guard: a second hold changes nothing
    expect((await pt.post('purchaseorder/hold', { id: audited })).msg).toBe(psiMessages.statusChanged.zh);
    // the product's storage does not leave a status its declaration does not name
    const ckHn = await as(app, 'ck_hn');
    const storage = await ckHn.post('purchaseorder/approveStorage', { id: audited });
    expect(storage).toMatchObject({ status: 400, msg: psiMessages.statusChanged.zh });
  });
});

/** A server built from freshly loaded modules, after `declare` changed the product declarations. */
async function serverDeclaring(declare: (documents: Record<string, DocumentDef>) => void) {
  vi.resetModules();
  const declared = await import('@psi/db/model/psi/documents');
  declare(declared.PSI_DOCUMENTS as unknown as Record<string, DocumentDef>);
  const { buildApp } = await import('../../src/app');
  return demoAppBuiltBy(buildApp);
}

describe('a status and a transition added to the product declaration', () => {
  it('change the product guard and route access with no server change', async () => {
    app = await serverDeclaring((documents) => {
      const purchase = documents.purchaseorder;
      (purchase.statuses.codes as unknown as object[]).push({ ...held, editable: true });
      const transitions = purchase.transitions as Record<string, typeof hold>;
      transitions.hold = hold;
      // storage is declared from `held` too, and a receiving clerk's button admits it
      transitions.storage = {
        ...transitions.storage,
        from: ['audited', 'held'],
        who: ['purchaseorder_storage', 'purchaseorder_receive'],
      };
    });
    const url = '/api/blade-psi/purchaseorder/approveStorage';
    expect(app.routeTable.find((r) => r.url === url)?.access).toEqual({
      button: ['purchaseorder_storage', 'purchaseorder_receive'],
    });

    const setStatus = (id: string) =>
      app.ctx.sqlite
        .prepare('UPDATE psi_purchase_order SET order_status = ? WHERE id = ?')
        .run(held.code, BigInt(id));
    // the product's storage leaves `held` now: the order is received
    const audited = docId(app, 'psi_purchase_order', 'CG20250720-0001');
    setStatus(audited);
    const ckHn = await as(app, 'ck_hn');
    const stored = await ckHn.post('purchaseorder/approveStorage', { id: audited });
    expect(stored).toMatchObject({ status: 200, success: true, data: { id: audited, orderStatus: 3 } });

    // `held` is declared editable: the product's submit replaces a held order (back to pending)
    const pending = docId(app, 'psi_purchase_order', 'CG20250720-0002');
    setStatus(pending);
    const pt = await as(app, 'pt_admin');
    const edited = await pt.post('purchasedetail/submitPurchaseOrder', { id: pending, remark: 'held' });
    expect(edited).toMatchObject({ status: 200, success: true, data: { id: pending, orderStatus: 1 } });
  });
});
