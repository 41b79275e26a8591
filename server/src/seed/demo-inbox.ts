/**
 * The bell's part of the demo (a step of the demo layer): tenant notices, so that every role finds
 * something under 通知 too. 待办 and 消息 need no rows of their own: the timeline's documents and the
 * triggers of migration `notice_triggers` leave each role open work and messages.
 */
import type Database from 'better-sqlite3';
import { nextId } from '@psi/db/model';

interface DemoNotice {
  tenantId: string;
  /** the account that publishes it */
  author: string;
  title: string;
  category: number;
  releaseTime: string;
  content: string;
}

const NOTICES: DemoNotice[] = [
  {
    tenantId: '100001',
    author: 'pt_admin',
    title: '2025年秋季教材征订工作安排',
    category: 1,
    releaseTime: '2025-07-01 09:00:00',
    content:
      '<p>各学校：秋季学期教材征订即日开始，请于 8 月 20 日前在系统中提交征订单，并确认账户余额足以支付订单。</p>',
  },
  {
    tenantId: '100001',
    author: 'pt_admin',
    title: '开学前库存盘点安排',
    category: 4,
    releaseTime: '2025-08-25 10:00:00',
    content: '<p>各仓库请于 8 月 30 日前完成开学前盘点，盘点差异请在备注中说明原因。</p>',
  },
  {
    tenantId: '100002',
    author: 'pt_admin2',
    title: '青桐书业秋季征订通知',
    category: 1,
    releaseTime: '2025-07-02 09:00:00',
    content: '<p>秋季教材征订已开放，请各校按时提交。</p>',
  },
];

export function seedDemoInbox(sqlite: Database.Database): void {
  const author = sqlite.prepare(
    'SELECT id, dept_id AS deptId FROM blade_user WHERE tenant_id = ? AND account = ? AND is_deleted = 0',
  );
  const insert = sqlite.prepare(
    `INSERT INTO blade_notice (id, tenant_id, title, category, release_time, content, create_user, create_dept,
       create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
  );
  for (const n of NOTICES) {
    const user = author.get(n.tenantId, n.author) as { id: bigint; deptId: string | null } | undefined;
    if (!user) continue;
    const dept = user.deptId ? BigInt(String(user.deptId).split(',')[0]) : null;
    insert.run(
      BigInt(nextId()),
      n.tenantId,
      n.title,
      n.category,
      n.releaseTime,
      n.content,
      user.id,
      dept,
      n.releaseTime,
      user.id,
      n.releaseTime,
    );
  }
}
