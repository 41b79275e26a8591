/**
 * The bell's part of the demo (a step of the demo layer): tenant notices, so that every role finds
 * something under 通知 too. 待办 and 消息 need no rows of their own: the timeline's documents and the
 * triggers of migration `notice_triggers` leave each role open work and messages.
 */
import type Database from 'better-sqlite3';
import { nextId } from '@psi/db/model';
import type { DemoStory } from './fixture';

export function writeNotices(sqlite: Database.Database, notices: DemoStory['notices']): void {
  const author = sqlite.prepare<[string, string], { id: bigint; deptId: string | null }>(
    'SELECT id, dept_id AS deptId FROM blade_user WHERE tenant_id = ? AND account = ? AND is_deleted = 0',
  );
  const insert = sqlite.prepare(
    `INSERT INTO blade_notice (id, tenant_id, title, category, release_time, content, create_user, create_dept,
       create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
  );
  for (const n of notices) {
    const user = author.get(n.tenantId, n.author);
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
