/**
 * What the header bell shows one person: 待办 computed from the live documents within the tenant and
 * the caller's PSI scope, 消息 kept per user (written by the triggers of migration
 * `notice_triggers`), and the tenant's 通知 with per-user read marks.
 */
import type Database from 'better-sqlite3';
import { displayMoney, t, type Lang } from '@psi/db/model';
import { PURCHASEORDERYYPT_BIZ_TYPE, messageDescriptions, messageTexts, say } from './texts';
import { inList, todoSources } from './todos';
import type { SessionUser } from '../../core/context';
import { prepareNumbers } from '../../core/data';
import { resolveActor, type PsiActor } from '../../core/psi-actor';
import type { Reader } from './reader';

import type { InboxItem, InboxList, InboxTab } from '@psi/db/model';

export type { InboxItem, InboxList, InboxTab };

export type Inbox = Record<InboxTab, InboxList>;

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

/**
 * The page of a school's own 征订单: a school user works on them under 学校订书, which is the only
 * list of them its menu has; the platform under 征订单.
 */
const purchaseorderyyptPageOf = (kind: PsiActor['kind']) =>
  kind === 'school' ? '/psi/order_s/index' : '/psi/purchaseorderyypt/index';

/**
 * The page that opens a message's document (for a reader of `kind`): its detail where the list page has one.
 * Keyed by the stored `biz_type` the notice triggers write.
 */
const messageRoutes: Record<string, (id: string, kind: PsiActor['kind']) => string> = {
  [PURCHASEORDERYYPT_BIZ_TYPE]: (id, kind) => `${purchaseorderyyptPageOf(kind)}?id=${id}`,
  purchase: (id) => `/psi/purchaseorder/index?id=${id}`,
  depository: (id) => `/psi/purchaseorderdepository/index?id=${id}`,
  statement: () => '/psi/accountstatement/index',
  leave: () => '/work/send/index',
};
const messageRoute = (bizType: string, bizId: string | null, kind: PsiActor['kind']) =>
  (messageRoutes[bizType] ?? messageRoutes.leave)(bizId ?? '', kind);

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

function renderMessage(r: MessageRow, lang: Lang, kind: PsiActor['kind']): InboxItem {
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
    route: messageRoute(r.bizType, r.bizId, kind),
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
  const row = prepareNumbers<MessageRow, [number, string, bigint]>(
    sqlite,
    `SELECT ${MESSAGE_COLUMNS} FROM blade_notice_message WHERE id = ? AND tenant_id = ? AND user_id = ?`,
  ).get(id, user.tenantId, BigInt(user.userId));
  return row ? renderMessage(row, lang, resolveActor(sqlite, user).kind) : null;
}

function messageList(
  sqlite: Database.Database,
  user: SessionUser,
  lang: Lang,
  current: number,
  size: number,
) {
  const counts = prepareNumbers<{ total: number; unread: number }, [string, bigint]>(
    sqlite,
    `SELECT COUNT(*) AS total, COALESCE(SUM(read_time IS NULL), 0) AS unread FROM blade_notice_message
     WHERE tenant_id = ? AND user_id = ?`,
  ).get(user.tenantId, BigInt(user.userId))!;
  const rows = prepareNumbers<MessageRow, [string, bigint, number, number]>(
    sqlite,
    `SELECT ${MESSAGE_COLUMNS} FROM blade_notice_message WHERE tenant_id = ? AND user_id = ?
     ORDER BY id DESC LIMIT ? OFFSET ?`,
  ).all(user.tenantId, BigInt(user.userId), size, (current - 1) * size);
  const kind = rows.some((r) => r.bizType === PURCHASEORDERYYPT_BIZ_TYPE)
    ? resolveActor(sqlite, user).kind
    : 'none';
  return {
    total: Number(counts.total),
    unread: Number(counts.unread),
    records: rows.map((r) => renderMessage(r, lang, kind)),
  };
}

function noticeList(sqlite: Database.Database, user: SessionUser, lang: Lang, current: number, size: number) {
  const live = 'n.tenant_id = ? AND n.is_deleted = 0';
  const counts = prepareNumbers<{ total: number; unread: number }, [bigint, string]>(
    sqlite,
    `SELECT COUNT(*) AS total, COALESCE(SUM(r.notice_id IS NULL), 0) AS unread FROM blade_notice n
     LEFT JOIN blade_notice_read r ON r.notice_id = n.id AND r.user_id = ? WHERE ${live}`,
  ).get(BigInt(user.userId), user.tenantId)!;
  const rows = prepareNumbers<
    { id: string; title: string; time: string; category: string; isRead: number },
    [bigint, string, number, number]
  >(
    sqlite,
    `SELECT CAST(n.id AS TEXT) AS id, n.title, COALESCE(n.release_time, n.create_time, '') AS time,
       COALESCE((SELECT d.dict_value FROM blade_dict d WHERE d.code = 'notice' AND d.parent_id <> 0 AND d.is_deleted = 0
                 AND d.dict_key = CAST(n.category AS TEXT)), '') AS category,
       r.notice_id IS NOT NULL AS isRead
     FROM blade_notice n LEFT JOIN blade_notice_read r ON r.notice_id = n.id AND r.user_id = ?
     WHERE ${live} ORDER BY time DESC, n.id DESC LIMIT ? OFFSET ?`,
  ).all(BigInt(user.userId), user.tenantId, size, (current - 1) * size);
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
