import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '@psi/db/migrate';
import { coalesce, type LiveEvent } from '../../src/core/live';
import { LOW_STOCK } from '../../src/core/psi-actor';

const event = (id: number, over: Partial<LiveEvent> = {}): LiveEvent => ({
  id,
  tenantId: '100001',
  audience: 'depository',
  target: '1',
  tab: 'todo',
  messageId: null,
  ...over,
});

describe('the live hub', () => {
  it('fans out one event per audience and tab, and every message', () => {
    const out = coalesce([
      event(1),
      event(2, { audience: 'user', target: '7', tab: 'message', messageId: 10 }),
      event(3),
      event(4, { audience: 'user', target: '7', tab: 'message', messageId: 11 }),
      event(5, { target: '2' }),
      event(6, { tenantId: '100002' }),
    ]);
    expect(out.map((e) => e.id)).toEqual([2, 3, 4, 5, 6]);
  });

  it('the stock triggers use the low-stock line of the screens', () => {
    const sql = fs.readFileSync(path.join(migrationsFolder, '0006_notice_triggers.sql'), 'utf8');
    const lines = [...sql.matchAll(/quantity <= (\d+)/g)].map((m) => Number(m[1]));
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines)).toEqual(new Set([LOW_STOCK]));
  });
});
