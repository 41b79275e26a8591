import type Database from 'better-sqlite3';

/** One outbox row (`blade_notice_event`), written by the business transaction that caused it. */
export interface LiveEvent {
  id: number;
  tenantId: string;
  audience: string;
  target: string;
  tab: string;
  messageId: number | null;
}

/** An open stream: who listens and where its events go. */
export interface LiveSubscriber {
  userId: string;
  /** tells whether an event concerns this listener (tenant, role and scope) */
  matches(event: LiveEvent): boolean;
  /** receives the events of one poll that concern it, in id order; `position` is the poll's last id */
  deliver(events: LiveEvent[], position: number): void;
  close(): void;
}

export interface LiveHubOptions {
  /** how often the outbox is read while someone listens */
  pollMs?: number;
  /** open streams per user; opening one more closes that user's oldest */
  maxPerUser?: number;
  /** outbox rows older than this are pruned (a resume from before them starts afresh) */
  keepSeconds?: number;
}

const SELECT_EVENTS = `SELECT id, tenant_id AS tenantId, audience, target, tab, message_id AS messageId
  FROM blade_notice_event WHERE id > ? ORDER BY id LIMIT 2000`;

/**
 * Fans the outbox out to the open streams. Rows appear only when their transaction commits, so
 * reading the outbox (not hooking the write) is what guarantees that no event is sent before its
 * commit or for a rolled-back change; one poll serves every stream, however many are open.
 */
class LiveHub {
  private readonly subscribers = new Map<string, LiveSubscriber[]>();
  private timer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private lastId: number;
  private readonly pollMs: number;
  readonly maxPerUser: number;
  private readonly keepSeconds: number;
  private readonly select: Database.Statement<[number], LiveEvent>;

  constructor(
    private readonly sqlite: Database.Database,
    options: LiveHubOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 250;
    this.maxPerUser = options.maxPerUser ?? 5;
    this.keepSeconds = options.keepSeconds ?? 3600;
    this.select = sqlite.prepare<[number], LiveEvent>(SELECT_EVENTS);
    this.select.safeIntegers(false);
    this.prune();
    this.lastId = this.latestId();
  }

  latestId(): number {
    const row = this.sqlite
      .prepare<[], { id: number | bigint | null }>('SELECT MAX(id) AS id FROM blade_notice_event')
      .get()!;
    return Number(row.id ?? 0);
  }

  /** Events after `afterId` up to what has been fanned out: the replay of a resumed stream. */
  since(afterId: number, upTo: number = this.lastId): LiveEvent[] {
    const out: LiveEvent[] = [];
    let from = afterId;
    while (from < upTo) {
      const rows = this.select.all(from).filter((e) => e.id <= upTo);
      if (!rows.length) break;
      out.push(...rows);
      from = rows[rows.length - 1].id;
    }
    return out;
  }

  /** The oldest event still kept: a resume from before it cannot be replayed exactly. */
  oldestId(): number {
    const row = this.sqlite
      .prepare<[], { id: number | bigint | null }>('SELECT MIN(id) AS id FROM blade_notice_event')
      .get()!;
    return Number(row.id ?? this.lastId + 1);
  }

  get position(): number {
    return this.lastId;
  }

  get size(): number {
    let n = 0;
    for (const list of this.subscribers.values()) n += list.length;
    return n;
  }

  add(sub: LiveSubscriber): void {
    // idle until now: what committed meanwhile concerned no open stream
    if (!this.timer) this.lastId = this.latestId();
    const list = this.subscribers.get(sub.userId) ?? [];
    list.push(sub);
    this.subscribers.set(sub.userId, list);
    while (list.length > this.maxPerUser) list.shift()!.close();
    if (!this.timer) {
      this.timer = setInterval(() => this.poll(), this.pollMs);
      this.timer.unref();
      this.pruneTimer = setInterval(() => this.prune(), 10 * 60_000);
      this.pruneTimer.unref();
    }
  }

  remove(sub: LiveSubscriber): void {
    const list = this.subscribers.get(sub.userId);
    if (!list) return;
    const i = list.indexOf(sub);
    if (i >= 0) list.splice(i, 1);
    if (!list.length) this.subscribers.delete(sub.userId);
    if (!this.subscribers.size) this.stopTimers();
  }

  /** Reads what committed since the last poll and hands each stream its share. */
  poll(): void {
    const all = this.since(this.lastId, Number.MAX_SAFE_INTEGER);
    if (!all.length) return;
    this.lastId = all[all.length - 1].id;
    const events = coalesce(all);
    for (const list of this.subscribers.values()) {
      for (const sub of [...list]) {
        const mine = events.filter((e) => sub.matches(e));
        if (mine.length) sub.deliver(mine, this.lastId);
      }
    }
  }

  /** Ends every stream of a user (sign-out revokes all of its sessions). */
  closeUser(userId: string): void {
    for (const sub of [...(this.subscribers.get(userId) ?? [])]) sub.close();
  }

  closeAll(): void {
    for (const list of [...this.subscribers.values()]) for (const sub of [...list]) sub.close();
    this.stopTimers();
  }

  prune(): void {
    this.sqlite
      .prepare('DELETE FROM blade_notice_event WHERE created_at < ?')
      .run(Math.floor(Date.now() / 1000) - this.keepSeconds);
  }

  private stopTimers(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.timer = this.pruneTimer = null;
  }
}

/**
 * One event per audience and tab (a busy approval writes several alike), keeping every 消息: the
 * streams learn what to refetch, so repeats add nothing but matching work.
 */
export function coalesce(events: LiveEvent[]): LiveEvent[] {
  const last = new Map<string, LiveEvent>();
  for (const e of events)
    last.set(
      e.messageId !== null ? `m${e.messageId}` : `${e.tenantId}|${e.audience}|${e.target}|${e.tab}`,
      e,
    );
  return [...last.values()].sort((a, b) => a.id - b.id);
}

const hubs = new WeakMap<Database.Database, LiveHub>();

/** The hub of a database: one per running server. */
export function liveHubOf(sqlite: Database.Database): LiveHub {
  let hub = hubs.get(sqlite);
  if (!hub) hubs.set(sqlite, (hub = new LiveHub(sqlite)));
  return hub;
}
