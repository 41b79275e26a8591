import type Database from 'better-sqlite3';

interface Job {
  fn: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many writes share one commit; the rest wait for the next turn of the event loop. */
export const MAX_BATCH = 64;

/**
 * Group commit. Writes that arrive together are run one after another, each in its own savepoint
 * (a failing one rolls back alone and gets its error), inside one write transaction whose single
 * commit (one fsync under `synchronous=FULL`) acknowledges them all. Each write still decides from
 * rows read inside its own synchronous savepoint; nothing is answered before the commit.
 */
export class WriteBatcher {
  private queue: Job[] = [];
  private scheduled = false;

  constructor(private readonly sqlite: Database.Database) {}

  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    const jobs = this.queue.splice(0, MAX_BATCH);
    this.scheduled = this.queue.length > 0;
    if (this.scheduled) setImmediate(() => this.flush());
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      this.sqlite
        .transaction(() => {
          for (const job of jobs) {
            try {
              outcomes.push({ ok: true, value: this.sqlite.transaction(job.fn)() });
            } catch (error) {
              outcomes.push({ ok: false, value: error });
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) =>
      outcomes[i].ok ? job.resolve(outcomes[i].value) : job.reject(outcomes[i].value),
    );
  }
}

const batchers = new WeakMap<Database.Database, WriteBatcher>();

/** Runs a write through the group commit of this database; resolves after the commit. */
export function commitTogether<T>(sqlite: Database.Database, fn: () => T): Promise<T> {
  let b = batchers.get(sqlite);
  if (!b) batchers.set(sqlite, (b = new WriteBatcher(sqlite)));
  return b.run(fn);
}
