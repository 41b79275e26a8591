import type { Answer } from './http';
import type { Operation } from './document';
import { isRecord, scopeOf, Skip, type Dict, type Kit } from './kit';
import type { LineAuth } from './auth';

/** GET routes that change state on the server: never walked blindly, and never with `--read-only`. */
const ACTING_GETS = /\/(logout|clear-cache|captcha)$/;

/** The documented GET routes a walk may call: static paths that change nothing. */
const walkable = (o: Operation) => o.method === 'GET' && !o.path.includes('{') && !ACTING_GETS.test(o.path);

/**
 * Every documented GET of the walk's part: each list with paging, a sort and a filter, then every
 * other read with values taken from the rows listed.
 */
async function walk(kit: Kit, who: string, tok: string, filter: (o: Operation) => boolean) {
  const gets = kit.validator.operations.filter(
    (o) => walkable(o) && kit.inScope(scopeOf(o.path)) && filter(o),
  );
  const lists = gets.filter((o) => isListOp(o));
  const firstRows = new Map<string, Dict>();
  let calls = 0;
  const get = (op: Operation, query: Record<string, string | number>) => {
    calls++;
    return kit.http.call('GET', op.path, { token: tok, query: { ...fill(op), ...query } });
  };
  for (const list of lists) {
    const first = await get(list, { current: 1, size: 2 });
    const records = recordsOf(first);
    if (records[0]) firstRows.set(list.path.slice(0, list.path.lastIndexOf('/')), records[0]);
    if (!hasQuery(list, 'current') && !isPage(first)) continue;
    // page 2, a sort on a documented column, a filter on a documented field with a value just seen
    await get(list, { current: 2, size: 1 });
    const sortable = sortColumn(list, records[0]);
    if (sortable) await get(list, { descs: sortable, size: 3 });
    const filter = filterOf(list, records[0]);
    if (filter) {
      const a = await get(list, filter);
      if (a.status === 200 && recordsOf(a).length === 0)
        kit.http.flag('GET', list.path, `the row just listed matches ${JSON.stringify(filter)}`, 'no rows');
    }
  }
  for (const op of gets.filter((o) => !isListOp(o))) await get(op, fromRows(op, firstRows, kit.opts.tenant));
  return `${who}: ${gets.length} routes, ${calls} calls`;
}

/** The walk of every part in scope: the PSI as its platform admin, the rest as the signed-in account. */
export async function walkScenarios(kit: Kit, auth: LineAuth, token: string): Promise<void> {
  const psi = (o: Operation) => o.path.startsWith('/blade-psi/');
  await kit.scenario('lists and details', {}, () => walk(kit, kit.opts.account, token, (o) => !psi(o)));
  await kit.scenario('psi lists and details', { scope: 'psi' }, async () => {
    if (!kit.validator.operations.some(psi)) throw new Skip('no /blade-psi routes');
    if (kit.opts.readOnly) return walk(kit, kit.opts.account, token, psi);
    const pt = await auth.demoSession('100001', 'pt_admin');
    return walk(kit, 'pt_admin', pt.access, psi);
  });
}

const isListOp = (o: Operation) => /\/(list|page)$/.test(o.path) || hasQuery(o, 'current');
const hasQuery = (o: Operation, name: string) =>
  (o.op.parameters ?? []).some((p) => p.in === 'query' && p.name === name);

/** Values for the required query parameters: the document's example, default or first enum value. */
function fill(o: Operation): Record<string, string> {
  const q: Record<string, string> = {};
  for (const p of o.op.parameters ?? []) {
    if (p.in !== 'query' || !p.required) continue;
    const v = p.example ?? p.schema?.example ?? p.schema?.default ?? p.schema?.enum?.[0];
    if (v !== undefined) q[p.name] = String(v);
  }
  return q;
}

/**
 * Query values for a detail-like route from rows the walk has listed: `id` (and the required `…Id` /
 * `…Ids` parameters) from the first row of the same resource, any other required parameter from a
 * listed row carrying a field of that name, `tenantId` the signed-in tenant, `parentId` the root.
 */
function fromRows(o: Operation, rows: Map<string, Dict>, tenant: string): Record<string, string> {
  const own = rows.get(o.path.slice(0, o.path.lastIndexOf('/')));
  const q: Record<string, string> = {};
  const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  // Blade's `detail?id=`, documented or not
  if (/\/detail$/.test(o.path) && own?.id !== undefined) q.id = String(own.id);
  for (const p of o.op.parameters ?? []) {
    if (p.in !== 'query') continue;
    if (p.name === 'id' && own?.id !== undefined) q.id = String(own.id);
    if (!p.required || q[p.name] !== undefined) continue;
    let v = scalar(own?.[p.name]);
    if (v === undefined && /Ids?$/.test(p.name) && own?.id !== undefined) v = String(own.id);
    for (const row of rows.values()) if (v === undefined) v = scalar(row[p.name]);
    if (v === undefined && p.name === 'tenantId') v = tenant;
    if (v === undefined && p.name === 'parentId') v = '0';
    if (v !== undefined) q[p.name] = v;
  }
  return q;
}

function isPage(a: Answer): boolean {
  const data = isRecord(a.body) ? a.body.data : undefined;
  return isRecord(data) && Array.isArray(data.records) && typeof data.total === 'number';
}

function recordsOf(a: Answer): Dict[] {
  const data = isRecord(a.body) ? a.body.data : undefined;
  if (isRecord(data) && Array.isArray(data.records)) return data.records.filter(isRecord);
  if (Array.isArray(data)) return data.filter(isRecord);
  return [];
}

/** A column to sort on: from the documented `descs` enum, else `create_time` when rows carry it. */
function sortColumn(o: Operation, row: Dict | undefined): string | undefined {
  const p = (o.op.parameters ?? []).find((x) => x.in === 'query' && x.name === 'descs');
  const listed = p?.schema?.enum?.[0];
  if (listed !== undefined) return String(listed);
  if (row && 'createTime' in row) return 'create_time';
  return undefined;
}

/** A documented text filter whose field the first row carries: filtering by its value finds rows again. */
function filterOf(o: Operation, row: Dict | undefined): Record<string, string> | undefined {
  if (!row) return undefined;
  for (const p of o.op.parameters ?? []) {
    if (p.in !== 'query' || ['current', 'size', 'ascs', 'descs'].includes(p.name)) continue;
    const v = row[p.name];
    if (typeof v === 'string' && v.trim() && v.length < 60) return { [p.name]: v };
  }
  return undefined;
}
