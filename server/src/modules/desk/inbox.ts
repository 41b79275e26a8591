/**
 * What the header bell shows one person: 待办 computed from the live documents within the tenant and
 * the caller's PSI scope, 消息 kept per user (written by the triggers of migration
 * `notice_triggers`), and the tenant's 通知 with per-user read marks.
 */
import type Database from 'better-sqlite3';
import { displayMoney, t, type Lang, type Text } from '@psi/db/model';
import type { SessionUser } from '../../core/context';
import { prepareNumbers } from '../../core/data';
import { LOW_STOCK, resolveActor, type PsiActor } from '../../core/psi-actor';

import type { InboxItem, InboxList, InboxTab } from '@psi/db/model';

export type { InboxItem, InboxList, InboxTab };

export type Inbox = Record<InboxTab, InboxList>;

/** Who reads the inbox: the session plus its PSI scope (platform, own depositories, own school). */
export interface Reader {
  user: SessionUser;
  psi: PsiActor;
}

export const readerOf = (sqlite: Database.Database, user: SessionUser): Reader => ({
  user,
  psi: resolveActor(sqlite, user),
});

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
const say = (text: Text, lang: Lang, params: Record<string, string | number> = {}) =>
  fill(text[lang], params);

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

const messageTexts: Record<string, Text> = {
  orderApproved: t('征订单 {no} 已审核通过', 'Order {no} was approved'),
  orderRejected: t('征订单 {no} 被驳回', 'Order {no} was rejected'),
  orderReturned: t('征订单 {no} 被仓库退回', 'Order {no} was returned by the depository'),
  orderDelivered: t('征订单 {no} 已全部发货', 'Order {no} was delivered'),
  orderPartDelivered: t('征订单 {no} 已部分发货', 'Order {no} was partly delivered'),
  accountRecharged: t('账户充值 {amount}', 'Account recharged with {amount}'),
  accountDebited: t('账户扣款 {amount}（{no}）', 'Account debited {amount} ({no})'),
  accountRefunded: t('账户退款 {amount}（{no}）', 'Account refunded {amount} ({no})'),
  purchaseApproved: t('采购入库单 {no} 已审核通过', 'Purchase receipt {no} was approved'),
  purchaseRejected: t('采购入库单 {no} 被驳回', 'Purchase receipt {no} was rejected'),
  purchaseStored: t('采购入库单 {no} 已入库', 'Purchase receipt {no} was stored'),
  directAccepted: t('补订单 {no} 已被仓库受理', 'Supplementary order {no} was accepted'),
  directRejected: t('补订单 {no} 被仓库驳回', 'Supplementary order {no} was rejected'),
  leaveApproved: t('请假申请已通过（{no}）', 'Leave request approved ({no})'),
  leaveRejected: t('请假申请被驳回（{no}）', 'Leave request rejected ({no})'),
};
const messageDescriptions: Record<string, Text> = {
  yypt: t('征订单', 'School order'),
  statement: t('账户流水', 'Account statement'),
  purchase: t('采购入库单', 'Purchase receipt'),
  depository: t('配送单', 'Distribution order'),
  leave: t('请假流程', 'Leave process'),
};
const todoDescriptions = {
  yypt: t('{school} · {amount}', '{school} · {amount}'),
  purchase: t('{supplier} · {depository}', '{supplier} · {depository}'),
  depository: t('{school} · {depository}', '{school} · {depository}'),
  flow: t('{process} · 发起人 {starter}', '{process} · started by {starter}'),
};

interface TodoSource {
  count(): number;
  /** the newest `limit` items */
  rows(limit: number): InboxItem[];
}

type Row = Record<string, string | number | null>;

const inList = (ids: string[]) => ids.map(() => '?').join(', ');

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
      Number((prepareNumbers(sqlite, `SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number }).n),
    rows: (limit) =>
      (
        prepareNumbers(sqlite, `SELECT ${select} ${from} ORDER BY ${order} LIMIT ?`).all(
          ...params,
          limit,
        ) as Row[]
      ).map(item),
  };
}

const schoolName = `COALESCE((SELECT s.school_name FROM psi_school_info s WHERE s.id = o.school_id), '')`;
const depositoryName = `COALESCE((SELECT d.depository_name FROM psi_depository_info d WHERE d.id = o.depository_id), '')`;

function todoSources(sqlite: Database.Database, reader: Reader, lang: Lang): TodoSource[] {
  const { psi, user } = reader;
  const tenant = psi.tenantId;
  const out: TodoSource[] = [];
  const doc =
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
  const yyptDesc = (r: Row) =>
    say(todoDescriptions.yypt, lang, { school: String(r.school), amount: displayMoney(Number(r.amount)) });
  const purchaseDesc = (r: Row) =>
    say(todoDescriptions.purchase, lang, { supplier: String(r.supplier), depository: String(r.depository) });
  const depDesc = (r: Row) =>
    say(todoDescriptions.depository, lang, { school: String(r.school), depository: String(r.depository) });

  if (psi.kind === 'platform') {
    out.push(
      source(
        sqlite,
        'FROM psi_purchase_order_yypt o WHERE o.tenant_id = ? AND o.is_deleted = 0 AND o.order_status = 1',
        [tenant],
        `CAST(o.id AS TEXT) AS id, o.order_no AS orderNo, o.submit_time AS time, ${schoolName} AS school, o.total_amount AS amount`,
        'o.submit_time DESC, o.id DESC',
        doc('yyptAudit', '/psi/purchaseorderyypt/index', yyptDesc),
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
          doc(kind, '/psi/purchaseorder/index', purchaseDesc),
        ),
      );
    }
  }

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
        doc('depositoryAccept', '/psi/purchaseorderdepository/index', depDesc),
      ),
      source(
        sqlite,
        `FROM psi_delivery_order o WHERE o.tenant_id = ? AND o.is_deleted = 0 AND o.order_status = 1 AND ${depIn}`,
        [tenant, ...deps],
        `CAST(o.id AS TEXT) AS id, o.delivery_no AS orderNo, o.submit_time AS time, ${schoolName} AS school, ${depositoryName} AS depository`,
        'o.submit_time DESC, o.id DESC',
        doc('deliveryShip', '/psi/deliveryorder/index', depDesc),
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
        (r) => ({
          id: `lowStock:${r.id}`,
          kind: 'lowStock',
          title: say(todoTexts.lowStock, lang, {
            name: String(r.depository),
            count: Number(r.n),
            line: LOW_STOCK,
          }),
          description: String(r.depository),
          docNo: String(r.depository),
          route: '/psi/depositorystock/index',
          time: String(r.time),
          read: false,
        }),
      ),
    );
  }

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
        doc('orderFix', '/psi/purchaseorderyypt/index', yyptDesc, (r) => ({
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
        (r) => {
          const params = { balance: displayMoney(Number(r.balance)), need: displayMoney(Number(r.need)) };
          return {
            id: `balanceShort:${r.id}`,
            kind: 'balanceShort',
            title: say(todoTexts.balanceShort, lang, params),
            description: say(messageDescriptions.statement, lang),
            docNo: '',
            route: '/psi/accountstatement/index',
            time: String(r.time),
            read: false,
          };
        },
      ),
    );
  }

  // workflow tasks: assigned to me, or open to me as a candidate
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

function todoList(
  sqlite: Database.Database,
  reader: Reader,
  lang: Lang,
  current: number,
  size: number,
): InboxList {
  const sources = todoSources(sqlite, reader, lang);
  const counts = sources.map((s) => s.count());
  const total = counts.reduce((a, b) => a + b, 0);
  const need = current * size;
  const merged = sources
    .flatMap((s, i) => (counts[i] ? s.rows(Math.min(need, counts[i])) : []))
    .sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : a.id.localeCompare(b.id)));
  return { total, unread: total, records: merged.slice((current - 1) * size, need) };
}

/** The page that opens a message's document: its detail where the list page has one. */
const messageRoutes: Record<string, (id: string) => string> = {
  yypt: (id) => `/psi/purchaseorderyypt/index?id=${id}`,
  purchase: (id) => `/psi/purchaseorder/index?id=${id}`,
  depository: (id) => `/psi/purchaseorderdepository/index?id=${id}`,
  statement: () => '/psi/accountstatement/index',
  leave: () => '/work/send/index',
};
const messageRoute = (bizType: string, bizId: string | null) =>
  (messageRoutes[bizType] ?? messageRoutes.leave)(bizId ?? '');

export interface MessageRow {
  id: number;
  category: string;
  bizType: string;
  bizId: string | null;
  bizNo: string | null;
  amount: number | null;
  createTime: string;
  readTime: string | null;
}

const MESSAGE_COLUMNS = `id, category, biz_type AS bizType, CAST(biz_id AS TEXT) AS bizId, biz_no AS bizNo, amount,
  create_time AS createTime, read_time AS readTime`;

export function renderMessage(r: MessageRow, lang: Lang): InboxItem {
  const text = messageTexts[r.category] ?? t(r.category, r.category);
  return {
    id: String(r.id),
    kind: r.category,
    title: say(text, lang, {
      no: r.bizNo ?? '',
      amount: r.amount === null ? '' : displayMoney(Math.abs(Number(r.amount))),
    }),
    description: messageDescriptions[r.bizType] ? say(messageDescriptions[r.bizType], lang) : '',
    docNo: r.bizNo ?? '',
    route: messageRoute(r.bizType, r.bizId),
    time: r.createTime,
    read: r.readTime !== null,
  };
}

/** One message of a reader, for the live stream's toast. */
export function messageOf(
  sqlite: Database.Database,
  user: SessionUser,
  id: number,
  lang: Lang,
): InboxItem | null {
  const row = prepareNumbers(
    sqlite,
    `SELECT ${MESSAGE_COLUMNS} FROM blade_notice_message WHERE id = ? AND tenant_id = ? AND user_id = ?`,
  ).get(id, user.tenantId, BigInt(user.userId)) as MessageRow | undefined;
  return row ? renderMessage(row, lang) : null;
}

function messageList(
  sqlite: Database.Database,
  user: SessionUser,
  lang: Lang,
  current: number,
  size: number,
) {
  const counts = prepareNumbers(
    sqlite,
    `SELECT COUNT(*) AS total, COALESCE(SUM(read_time IS NULL), 0) AS unread FROM blade_notice_message
     WHERE tenant_id = ? AND user_id = ?`,
  ).get(user.tenantId, BigInt(user.userId)) as { total: number; unread: number };
  const rows = prepareNumbers(
    sqlite,
    `SELECT ${MESSAGE_COLUMNS} FROM blade_notice_message WHERE tenant_id = ? AND user_id = ?
     ORDER BY id DESC LIMIT ? OFFSET ?`,
  ).all(user.tenantId, BigInt(user.userId), size, (current - 1) * size) as MessageRow[];
  return {
    total: Number(counts.total),
    unread: Number(counts.unread),
    records: rows.map((r) => renderMessage(r, lang)),
  };
}

function noticeList(sqlite: Database.Database, user: SessionUser, lang: Lang, current: number, size: number) {
  const live = 'n.tenant_id = ? AND n.is_deleted = 0';
  const counts = prepareNumbers(
    sqlite,
    `SELECT COUNT(*) AS total, COALESCE(SUM(r.notice_id IS NULL), 0) AS unread FROM blade_notice n
     LEFT JOIN blade_notice_read r ON r.notice_id = n.id AND r.user_id = ? WHERE ${live}`,
  ).get(BigInt(user.userId), user.tenantId) as { total: number; unread: number };
  const rows = prepareNumbers(
    sqlite,
    `SELECT CAST(n.id AS TEXT) AS id, n.title, COALESCE(n.release_time, n.create_time, '') AS time,
       COALESCE((SELECT d.dict_value FROM blade_dict d WHERE d.code = 'notice' AND d.parent_id <> 0 AND d.is_deleted = 0
                 AND d.dict_key = CAST(n.category AS TEXT)), '') AS category,
       r.notice_id IS NOT NULL AS isRead
     FROM blade_notice n LEFT JOIN blade_notice_read r ON r.notice_id = n.id AND r.user_id = ?
     WHERE ${live} ORDER BY time DESC, n.id DESC LIMIT ? OFFSET ?`,
  ).all(BigInt(user.userId), user.tenantId, size, (current - 1) * size) as {
    id: string;
    title: string;
    time: string;
    category: string;
    isRead: number;
  }[];
  return {
    total: Number(counts.total),
    unread: Number(counts.unread),
    records: rows.map((r): InboxItem => ({
      id: r.id,
      kind: 'notice',
      title: r.title,
      description: r.category,
      docNo: r.title,
      route: `/desk/notice/index?id=${r.id}`,
      time: r.time,
      read: Boolean(r.isRead),
    })),
  };
}

export function inboxOf(
  sqlite: Database.Database,
  reader: Reader,
  lang: Lang,
  page: { current: number; size: number },
): Inbox {
  return {
    todo: todoList(sqlite, reader, lang, page.current, page.size),
    message: messageList(sqlite, reader.user, lang, page.current, page.size),
    notice: noticeList(sqlite, reader.user, lang, page.current, page.size),
  };
}

const nowText = () => {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

/**
 * Marks messages or notices read for one user (`ids` absent: all of them), with one outbox row so the
 * user's other tabs recount; returns how many changed.
 */
export function markRead(
  sqlite: Database.Database,
  user: SessionUser,
  tab: 'message' | 'notice',
  ids: string[] | null,
): number {
  const now = nowText();
  const uid = BigInt(user.userId);
  return sqlite.transaction(() => {
    let changed = 0;
    if (tab === 'message') {
      const where = ids ? ` AND id IN (${inList(ids)})` : '';
      changed = sqlite
        .prepare(
          `UPDATE blade_notice_message SET read_time = ? WHERE tenant_id = ? AND user_id = ? AND read_time IS NULL${where}`,
        )
        .run(now, user.tenantId, uid, ...(ids ?? []).map((id) => BigInt(id))).changes;
    } else {
      const where = ids ? ` AND n.id IN (${inList(ids)})` : '';
      changed = sqlite
        .prepare(
          `INSERT OR IGNORE INTO blade_notice_read (user_id, notice_id, read_time)
           SELECT ?, n.id, ? FROM blade_notice n WHERE n.tenant_id = ? AND n.is_deleted = 0${where}`,
        )
        .run(uid, now, user.tenantId, ...(ids ?? []).map((id) => BigInt(id))).changes;
    }
    if (changed)
      sqlite
        .prepare(
          `INSERT INTO blade_notice_event (tenant_id, audience, target, tab, created_at) VALUES (?, 'user', ?, ?, ?)`,
        )
        .run(user.tenantId, user.userId, tab, Math.floor(Date.now() / 1000));
    return changed;
  })();
}
