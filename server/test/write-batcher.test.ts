import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { commitTogether, MAX_BATCH, WriteBatcher } from '../src/core/write-batcher';

const dirs: string[] = [];
const open: Database.Database[] = [];

/** A writer and a second connection to the same file, which sees only what was committed. */
function database() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-batch-'));
  dirs.push(dir);
  const file = path.join(dir, 'batch.db');
  const writer = new Database(file, { timeout: 0 });
  writer.exec('CREATE TABLE t (v INTEGER NOT NULL)');
  const reader = new Database(file, { readonly: true });
  open.push(writer, reader);
  const committed = () => (reader.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
  const insert = (v: number) => writer.prepare('INSERT INTO t (v) VALUES (?)').run(v);
  return { writer, committed, insert };
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('write batcher (group commit)', () => {
  it('runs writes that arrive together in one transaction and answers after its commit', async () => {
    const { writer, committed, insert } = database();
    const seen: number[] = [];
    const batcher = new WriteBatcher(writer);
    const answers = [1, 2, 3].map((v) =>
      batcher.run(() => {
        insert(v);
        seen.push(committed());
        return v * 10;
      }),
    );
    expect(committed()).toBe(0);
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
    // none of the three was visible to another connection before the single commit
    expect(seen).toEqual([0, 0, 0]);
    expect(committed()).toBe(3);
  });

  it('rolls a failing write back alone and hands it its own error', async () => {
    const { writer, insert } = database();
    const batcher = new WriteBatcher(writer);
    const first = batcher.run(() => insert(1));
    const failing = batcher.run(() => {
      insert(2);
      throw new Error('refused');
    });
    const last = batcher.run(() => insert(3));
    await expect(failing).rejects.toThrow('refused');
    await expect(first).resolves.toBeDefined();
    await expect(last).resolves.toBeDefined();
    expect(writer.prepare('SELECT v FROM t ORDER BY v').all()).toEqual([{ v: 1 }, { v: 3 }]);
  });

  it(`commits at most ${MAX_BATCH} writes at a time`, async () => {
    const { writer, committed, insert } = database();
    const seen: number[] = [];
    const answers = Array.from({ length: MAX_BATCH + 1 }, (_, i) =>
      commitTogether(writer, () => {
        insert(i);
        seen.push(committed());
      }),
    );
    await Promise.all(answers);
    expect(seen[MAX_BATCH - 1]).toBe(0);
    // the write past the limit runs in the next transaction, after the first batch was committed
    expect(seen[MAX_BATCH]).toBe(MAX_BATCH);
    expect(committed()).toBe(MAX_BATCH + 1);
  });

  it('refuses every write of the batch when the transaction cannot start', async () => {
    const { writer, committed, insert } = database();
    const other = new Database(writer.name, { timeout: 0 });
    open.push(other);
    other.exec('BEGIN IMMEDIATE');
    const answers = [1, 2].map((v) => commitTogether(writer, () => insert(v)));
    for (const answer of answers) await expect(answer).rejects.toThrow(/locked|busy/i);
    other.exec('ROLLBACK');
    expect(committed()).toBe(0);
  });
});
