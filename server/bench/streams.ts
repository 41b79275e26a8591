/**
 * The bell's share of `pnpm bench`: live streams (`/blade-desk/notice/stream`) held open while the
 * list and approval rows run again, to show what they cost (throughput ratio and server memory).
 */
import type Database from 'better-sqlite3';
import { nextId } from '@psi/db/model';

/** Streams one user may hold (the hub's bound); the bench spreads its streams over enough users. */
export const STREAMS_PER_USER = 5;

/**
 * Adds `count` school accounts (copies of `template`, same password) bound to large-seed schools
 * without an account, so that the streams spread over users as they would in a real tenant.
 */
export function addStreamUsers(sqlite: Database.Database, template: string, count: number): string[] {
  const accounts: string[] = [];
  sqlite.transaction(() => {
    sqlite.exec(`DROP TABLE IF EXISTS temp.bench_user`);
    sqlite
      .prepare(
        `CREATE TEMP TABLE bench_user AS SELECT * FROM blade_user WHERE tenant_id = '100001' AND account = ?`,
      )
      .run(template);
    const setRow = sqlite.prepare('UPDATE temp.bench_user SET id = ?, account = ?, name = ?, real_name = ?');
    const copy = sqlite.prepare('INSERT INTO blade_user SELECT * FROM temp.bench_user');
    const bind = sqlite.prepare(
      `UPDATE psi_school_info SET user_id = ? WHERE id = (SELECT id FROM psi_school_info
         WHERE tenant_id = '100001' AND user_id IS NULL AND is_deleted = 0 ORDER BY id LIMIT 1)`,
    );
    for (let i = 0; i < count; i++) {
      const id = BigInt(nextId());
      const account = `bench_school_${String(i).padStart(3, '0')}`;
      setRow.run(id, account, account, account);
      copy.run();
      bind.run(id);
      accounts.push(account);
    }
    sqlite.exec(`DROP TABLE temp.bench_user`);
  })();
  return accounts;
}

export interface OpenStreams {
  count: number;
  /** events received while open (beyond `ready`) */
  events: () => number;
  close: () => Promise<void>;
}

/** Opens `perToken` streams for each token and waits until each has said `ready`. */
export async function openStreams(base: string, tokens: string[], perToken: number): Promise<OpenStreams> {
  const controllers: AbortController[] = [];
  const readers: Promise<void>[] = [];
  let events = 0;
  const open = async (token: string) => {
    const ctrl = new AbortController();
    controllers.push(ctrl);
    const res = await fetch(`${base}/api/blade-desk/notice/stream`, {
      headers: { 'blade-auth': `bearer ${token}`, accept: 'text/event-stream' },
      signal: ctrl.signal,
    });
    if (!res.ok || !res.body) throw new Error(`stream refused: ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let ready!: () => void;
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    readers.push(
      (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const text = decoder.decode(value, { stream: true });
          if (text.includes('event: ready')) ready();
          events += text.split('event: inbox').length - 1;
        }
      })().catch(() => undefined),
    );
    await isReady;
  };
  for (const token of tokens) for (let i = 0; i < perToken; i++) await open(token);
  return {
    count: controllers.length,
    events: () => events,
    close: async () => {
      for (const c of controllers) c.abort();
      await Promise.all(readers);
    },
  };
}

/** What the bench server holds after a full collection (see bench/server.ts). */
export interface SettledMemory {
  /** resident set after the collection */
  rss: number;
  /** live JavaScript heap plus memory outside it held by JavaScript objects (buffers, sockets' data) */
  live: number;
}

/**
 * Asks the bench server (started with `--expose-gc`) for a full collection and its memory figures;
 * `output` returns everything the server printed so far.
 */
export async function settledMemory(pid: number, output: () => string): Promise<SettledMemory> {
  const from = output().length;
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 50) {
    const m = /MEMORY (\{.*\})/.exec(output().slice(from));
    if (m) {
      const usage = JSON.parse(m[1]) as NodeJS.MemoryUsage;
      return { rss: usage.rss, live: usage.heapUsed + usage.external };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the bench server did not report its memory');
}
