/**
 * The bell's stores (`/blade-desk/notice/inbox`): per-user messages about one's documents, read marks
 * of the tenant notices, and the outbox the live stream reads. Triggers (migration
 * `notice_triggers`) write the messages and outbox rows inside the transaction of the business change
 * that causes them, so a rolled-back change leaves neither.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { datetime, int, snowflake, tenantColumn } from './columns';

/**
 * A 消息: something that happened to a user's document. `category` names the event (`orderApproved`,
 * `accountDebited`, `leaveRejected`, …); the server renders its text in the reader's language.
 */
export const noticeMessage = sqliteTable(
  'blade_notice_message',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tenantId: tenantColumn(),
    userId: snowflake('user_id').notNull(),
    category: text('category').notNull(),
    /** the document: its stored kind (`yypt` for a 征订单, `statement`, `leave`), id and number */
    bizType: text('biz_type').notNull(),
    bizId: snowflake('biz_id'),
    bizNo: text('biz_no'),
    /** cents, for money messages */
    amount: int('amount'),
    createTime: datetime('create_time').notNull(),
    readTime: datetime('read_time'),
  },
  (t) => [index('idx_notice_message_user').on(t.tenantId, t.userId, t.id)],
);

/** A tenant notice (`blade_notice`) read by a user. */
export const noticeRead = sqliteTable(
  'blade_notice_read',
  {
    userId: snowflake('user_id').notNull(),
    noticeId: snowflake('notice_id').notNull(),
    readTime: datetime('read_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);

/**
 * The outbox of the live stream: one row per change someone's bell should learn about. `audience` is
 * `platform` (the tenant's platform admins), `depository` or `school` (`target` = its id), `user`
 * (`target` = the user id), `flow` (`target` = `assignee|candidateUsers|candidateGroups`) or `tenant`.
 * The id is the stream's event id (`Last-Event-ID`); old rows are pruned.
 */
export const noticeEvent = sqliteTable('blade_notice_event', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantId: tenantColumn(),
  audience: text('audience').notNull(),
  target: text('target').notNull().default(''),
  /** the bell tab that changed: `todo`, `message` or `notice` */
  tab: text('tab').notNull(),
  messageId: integer('message_id'),
  createdAt: integer('created_at').notNull(),
});
