/** The 待办 of one reader: each a query over the live documents within the reader's scope. */
import type Database from 'better-sqlite3';
import { displayMoney, t, type Lang } from '@psi/db/model';
import { prepareNumbers } from '../../core/data';
import { LOW_STOCK } from '../../core/psi-actor';
import type { InboxItem } from '@psi/db/model';
import type { Reader } from './reader';
import { messageDescriptions, say } from './texts';

const todoTexts = {
  yyptAudit: t('征订单 {no} 待审核', 'Order {no} awaits audit'),
  purchaseAudit: t('采购入库单 {no} 待审核', 'Purchase receipt {no} awaits audit'),
  purchaseStorage: t('采购入库单 {no} 待入库', 'Purchase receipt {no} awaits storage'),
  depositoryAccept: t('配送单 {no} 待受理', 'Distribution order {no} awaits acceptance'),
  deliveryShip: t('发货单 {no} 待发货', 'Delivery {no} awaits shipping'),
  checkOpen: t('盘点单 {no} 盘点中', 'Stocktake {no} is open'),
  lowStock: t(
    '{name}：{count} 种图书低于库存下限 {line}',
    '{name}: {count} books below the low-stock line of {line}',
  ),
  orderFix: t('征订单 {no} 被{how}，待修改', 'Order {no} was {how}: fix and resubmit'),
  balanceShort: t(
    '账户余额 {balance}，不足以支付待审核订单 {need}',
    'Balance {balance} does not cover the {need} of open orders',
  ),
  taskClaim: t('待签收：{task}', 'To claim: {task}'),
  taskTodo: t('待办理：{task}', 'To do: {task}'),
};
const returnedHow = { 7: t('仓库退回', 'returned by the depository'), 8: t('驳回', 'rejected') };

const todoDescriptions = {
  purchaseorderyypt: t('{school} · {amount}', '{school} · {amount}'),
  purchaseorder: t('{supplier} · {depository}', '{supplier} · {depository}'),
  purchaseorderdepository: t('{school} · {depository}', '{school} · {depository}'),
  flow: t('{process} · 发起人 {starter}', '{process} · started by {starter}'),
};

export interface TodoSource {
  count(): number;
  /** the newest `limit` items */
  rows(limit: number): InboxItem[];
}

type Row = Record<string, string | number | null>;

export const inList = (ids: string[]) => ids.map(() => '?').join(', ');

/** A 待办 source over one query: `where` selects the open documents, `item` renders one row. */
function source(
  sqlite: Database.Database,
  from: string,
  params: unknown[],
  select: string,
  order: string,
  item: (r: Row) => InboxItem,
): TodoSource {
  return {
    count: () =>
      Number(prepareNumbers<{ n: number }>(sqlite, `SELECT COUNT(*) AS n ${from}`).get(...params)!.n),
    rows: (limit) =>
      prepareNumbers<Row>(sqlite, `SELECT ${select} ${from} ORDER BY ${order} LIMIT ?`)
        .all(...params, limit)
        .map(item),
  };
}

const schoolName = `COALESCE((SELECT s.school_name FROM psi_school_info s WHERE s.id = o.school_id), '')`;
const depositoryName = `COALESCE((SELECT d.depository_name FROM psi_depository_info d WHERE d.id = o.depository_id), '')`;

/** What every 待办 source of one reader is built with. */
interface TodoKit {
  sqlite: Database.Database;
  reader: Reader;
  tenant: string;
  lang: Lang;
  doc: ReturnType<typeof docItem>;
  purchaseorderyyptDesc: (r: Row) => string;
  purchaseorderDesc: (r: Row) => string;
  purchaseorderdepositoryDesc: (r: Row) => string;
}

/** An item for one open document: its kind's title, a description, the screen that opens it. */
const docItem =
  (lang: Lang) =>
  (
    kind: keyof typeof todoTexts,
    route: string,
    description: (r: Row) => string,
    params: (r: Row) => Record<string, string | number> = () => ({}),
  ) =>
  (r: Row): InboxItem => ({
    id: `${kind}:${r.id}`,
    kind,
    title: say(todoTexts[kind], lang, { no: String(r.orderNo), ...params(r) }),
    description: description(r),
    docNo: String(r.orderNo),
    route: `${route}?id=${r.id}`,
    time: String(r.time ?? ''),
    read: false,
  });

/** An item that watches a figure (low stock, a short balance): it opens a list, not one document. */
const watchItem =
  (lang: Lang) =>
  (
    kind: keyof typeof todoTexts,
    route: string,
    description: (r: Row) => string,
    params: (r: Row) => Record<string, string | number>,
    docNo: (r: Row) => string = () => '',
  ) =>
  (r: Row): InboxItem => ({
    id: `${kind}:${r.id}`,
    kind,
    title: say(todoTexts[kind], lang, params(r)),
    description: description(r),
    docNo: docNo(r),
    route,
    time: String(r.time ?? ''),
    read: false,
  });

function todoKit(sqlite: Database.Database, reader: Reader, lang: Lang): TodoKit {
  const purchaseorderyyptDesc = (r: Row) =>
    say(todoDescriptions.purchaseorderyypt, lang, {
      school: String(r.school),
      amount: displayMoney(Number(r.amount)),
    });
  const purchaseorderDesc = (r: Row) =>
    say(todoDescriptions.purchaseorder, lang, {
      supplier: String(r.supplier),
      depository: String(r.depository),
    });
  const purchaseorderdepositoryDesc = (r: Row) =>
    say(todoDescriptions.purchaseorderdepository, lang, {
      school: String(r.school),
      depository: String(r.depository),
    });
  return {
    sqlite,
    reader,
    tenant: reader.psi.tenantId,
    lang,
    doc: docItem(lang),
    purchaseorderyyptDesc,
    purchaseorderDesc,
    purchaseorderdepositoryDesc,
  };
}

/** The platform audits orders and purchase receipts and approves storage. */
function platformTodos(kit: TodoKit): TodoSource[] {
  const {
    sqlite,
    reader: { psi },
    tenant,
    doc,
    purchaseorderyyptDesc,
    purchaseorderDesc,
  } = kit;
  const out: TodoSource[] = [];
  if (psi.kind === 'platform') {
    out.push(
      source(
        sqlite,
        'FROM psi_purchase_order_yypt o WHERE o.tenant_id = ? AND o.is_deleted = 0 AND o.order_status = 1',
        [tenant],
        `CAST(o.id AS TEXT) AS id, o.order_no AS orderNo, o.submit_time AS time, ${schoolName} AS school, o.total_amount AS amount`,
        'o.submit_time DESC, o.id DESC',
        doc('yyptAudit', '/psi/purchaseorderyypt/index', purchaseorderyyptDesc),
      ),
    );
    for (const [kind, status] of [
      ['purchaseAudit', 1],
      ['purchaseStorage', 2],
    ] as const) {
      out.push(
        source(
          sqlite,
          `FROM psi_purchase_order o WHERE o.tenant_id = ? AND o.is_deleted = 0 AND o.order_status = ${status}`,
          [tenant],
          `CAST(o.id AS TEXT) AS id, o.order_no AS orderNo, COALESCE(o.audit_time, o.submit_time) AS time,
           o.supplier_name AS supplier, ${depositoryName} AS depository`,
          'time DESC, o.id DESC',
          doc(kind, '/psi/purchaseorder/index', purchaseorderDesc),
        ),
      );
    }
  }
  return out;
}

/** A depository accepts orders, ships, finishes its stocktakes and watches its low stock. */
function depositoryTodos(kit: TodoKit): TodoSource[] {
  const {
    sqlite,
    reader: { psi },
    tenant,
    lang,
    doc,
    purchaseorderdepositoryDesc,
  } = kit;
  const out: TodoSource[] = [];
  if (psi.kind === 'depository' && psi.depositoryIds.length) {
    const deps = psi.depositoryIds.map((id) => BigInt(id));
    const depIn = `o.depository_id IN (${inList(psi.depositoryIds)})`;
    out.push(
      source(
        sqlite,
        `FROM psi_purchase_order_depository o WHERE o.tenant_id = ? AND o.is_deleted = 0 AND o.order_status = 1 AND ${depIn}`,
        [tenant, ...deps],
        `CAST(o.id AS TEXT) AS id, o.order_no AS orderNo, o.submit_time AS time, ${schoolName} AS school, ${depositoryName} AS depository`,
        'o.submit_time DESC, o.id DESC',
        doc('depositoryAccept', '/psi/purchaseorderdepository/index', purchaseorderdepositoryDesc),
      ),
      source(
        sqlite,
        `FROM psi_delivery_order o WHERE o.tenant_id = ? AND o.is_deleted = 0 AND o.order_status = 1 AND ${depIn}`,
        [tenant, ...deps],
        `CAST(o.id AS TEXT) AS id, o.delivery_no AS orderNo, o.submit_time AS time, ${schoolName} AS school, ${depositoryName} AS depository`,
        'o.submit_time DESC, o.id DESC',
        doc('deliveryShip', '/psi/deliveryorder/index', purchaseorderdepositoryDesc),
      ),
      source(
        sqlite,
        `FROM psi_depository_check o WHERE o.tenant_id = ? AND o.is_deleted = 0 AND o.check_status = 1 AND ${depIn}`,
        [tenant, ...deps],
        `CAST(o.id AS TEXT) AS id, o.check_no AS orderNo, COALESCE(o.update_time, o.create_time) AS time, ${depositoryName} AS depository`,
        'time DESC, o.id DESC',
        doc('checkOpen', '/psi/depositorycheck/index', (r) => String(r.depository)),
      ),
      // one item per depository with books at or below the line (as the stock screen counts them)
      source(
        sqlite,
        `FROM (SELECT s.depository_id, COUNT(*) AS n, MAX(s.update_time) AS t FROM psi_depository_stock s
                JOIN psi_goods_info g ON g.id = s.goods_id AND g.is_deleted = 0
               WHERE s.tenant_id = ? AND s.is_deleted = 0 AND s.quantity <= ${LOW_STOCK}
                 AND s.depository_id IN (${inList(psi.depositoryIds)})
               GROUP BY s.depository_id) o`,
        [tenant, ...deps],
        `CAST(o.depository_id AS TEXT) AS id, o.n AS n, COALESCE(o.t, '') AS time, ${depositoryName} AS depository`,
        'o.depository_id',
        watchItem(lang)(
          'lowStock',
          '/psi/depositorystock/index',
          (r) => String(r.depository),
          (r) => ({ name: String(r.depository), count: Number(r.n), line: LOW_STOCK }),
          (r) => String(r.depository),
        ),
      ),
    );
  }
  return out;
}

/** A school fixes returned orders and keeps its balance above what its open orders need. */
function schoolTodos(kit: TodoKit): TodoSource[] {
  const {
    sqlite,
    reader: { psi },
    tenant,
    lang,
    doc,
    purchaseorderyyptDesc,
  } = kit;
  const out: TodoSource[] = [];
  if (psi.kind === 'school' && psi.schoolId) {
    const school = BigInt(psi.schoolId);
    out.push(
      source(
        sqlite,
        'FROM psi_purchase_order_yypt o WHERE o.tenant_id = ? AND o.is_deleted = 0 AND o.order_status IN (7, 8) AND o.school_id = ?',
        [tenant, school],
        `CAST(o.id AS TEXT) AS id, o.order_no AS orderNo, COALESCE(o.audit_time, o.update_time) AS time,
         o.order_status AS status, ${schoolName} AS school, o.total_amount AS amount`,
        'time DESC, o.id DESC',
        // the school's own list of its orders (学校订书), the one its menu has
        doc('orderFix', '/psi/order_s/index', purchaseorderyyptDesc, (r) => ({
          how: returnedHow[Number(r.status) as 7 | 8][lang],
        })),
      ),
      // the balance against what the open (not yet charged) orders will need
      source(
        sqlite,
        `FROM (SELECT s.id, s.account_balance AS balance,
                 (SELECT COALESCE(SUM(y.total_amount), 0) FROM psi_purchase_order_yypt y
                   WHERE y.tenant_id = s.tenant_id AND y.school_id = s.id AND y.is_deleted = 0
                     AND y.order_status = 1 AND y.pay_status = 0) AS need,
                 (SELECT MAX(y.submit_time) FROM psi_purchase_order_yypt y
                   WHERE y.tenant_id = s.tenant_id AND y.school_id = s.id AND y.is_deleted = 0 AND y.order_status = 1) AS t
               FROM psi_school_info s WHERE s.tenant_id = ? AND s.id = ? AND s.is_deleted = 0) o
         WHERE o.need > o.balance`,
        [tenant, school],
        "CAST(o.id AS TEXT) AS id, o.balance AS balance, o.need AS need, COALESCE(o.t, '') AS time",
        'o.id',
        watchItem(lang)(
          'balanceShort',
          '/psi/accountstatement/index',
          () => say(messageDescriptions.statement, lang),
          (r) => ({ balance: displayMoney(Number(r.balance)), need: displayMoney(Number(r.need)) }),
        ),
      ),
    );
  }
  return out;
}

/** Workflow tasks: assigned to me, or open to me as a candidate. */
function flowTodos(kit: TodoKit): TodoSource[] {
  const {
    sqlite,
    reader: { user },
    tenant,
    lang,
  } = kit;
  const out: TodoSource[] = [];
  const groups = user.roleAliases.map(() => `instr(',' || t.candidate_groups || ',', ',' || ? || ',') > 0`);
  const candidate = `(instr(',' || t.candidate_users || ',', ',' || ? || ',') > 0${groups.map((g) => ` OR ${g}`).join('')})`;
  const flowSelect = `CAST(t.id AS TEXT) AS id, t.name AS task, t.create_time AS time, i.start_user_name AS starter,
    COALESCE((SELECT d.name FROM flow_deployment d WHERE d.id = i.deployment_id), '') AS process`;
  const flowItem = (kind: 'taskClaim' | 'taskTodo', route: string) => (r: Row) => ({
    id: `${kind}:${r.id}`,
    kind,
    title: say(todoTexts[kind], lang, { task: String(r.task) }),
    description: say(todoDescriptions.flow, lang, {
      process: String(r.process),
      starter: String(r.starter ?? ''),
    }),
    docNo: String(r.process),
    route,
    time: String(r.time),
    read: false,
  });
  out.push(
    source(
      sqlite,
      `FROM flow_task t JOIN flow_instance i ON i.id = t.instance_id WHERE t.tenant_id = ? AND t.assignee IS NULL AND ${candidate}`,
      [tenant, user.userId, ...user.roleAliases],
      flowSelect,
      't.create_time DESC, t.id DESC',
      flowItem('taskClaim', '/work/claim/index'),
    ),
    source(
      sqlite,
      'FROM flow_task t JOIN flow_instance i ON i.id = t.instance_id WHERE t.tenant_id = ? AND t.assignee = ?',
      [tenant, BigInt(user.userId)],
      flowSelect,
      't.create_time DESC, t.id DESC',
      flowItem('taskTodo', '/work/todo/index'),
    ),
  );
  return out;
}

export function todoSources(sqlite: Database.Database, reader: Reader, lang: Lang): TodoSource[] {
  const kit = todoKit(sqlite, reader, lang);
  return [...platformTodos(kit), ...depositoryTodos(kit), ...schoolTodos(kit), ...flowTodos(kit)];
}
