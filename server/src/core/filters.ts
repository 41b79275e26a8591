import {
  FILTER_TEXT,
  filterTextOf,
  isNumericField,
  parseId,
  type FieldDef,
  type ResourceDef,
} from '@psi/db/model';
import { badRequest } from './errors';
import type { TableMeta } from './table-meta';

/** Blade's condition suffixes, longest first so that `_likeleft` wins over `_like`. */
const SUFFIXES = [
  '_notequal',
  '_equal',
  '_likeleft',
  '_likeright',
  '_notlike',
  '_like',
  '_datege',
  '_dategt',
  '_dateequal',
  '_datelt',
  '_datele',
  '_ge',
  '_le',
  '_gt',
  '_lt',
  '_notnull',
  '_null',
  '_ignore',
] as const;
type Suffix = (typeof SUFFIXES)[number] | '';

const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth']);

export interface SqlWhere {
  clauses: string[];
  params: unknown[];
}

/** No filter: absent, or plain spaces (the filter texts of the document say the same). */
const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && /^ *$/.test(v));

/** The value of a filter read by its declared rule (`filterTextOf`), refused when it breaks it. */
function ruled(rule: string, key: string, raw: unknown): string {
  const v = String(raw);
  if (!new RegExp(rule).test(v)) throw badRequest('paramType', { name: key });
  return v.trim();
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function splitKey(key: string): { field: string; suffix: Suffix } {
  for (const s of SUFFIXES)
    if (key.endsWith(s) && key.length > s.length) return { field: key.slice(0, -s.length), suffix: s };
  return { field: key, suffix: '' };
}

/** Accepts the camelCase wire name or the snake_case column name Blade clients also send. */
function findField(def: ResourceDef, meta: TableMeta, name: string): FieldDef | undefined {
  const camel = name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return def.fields.find((f) => f.search && (f.name === name || f.name === camel) && meta.byKey.has(f.name));
}

function comparable(f: FieldDef, key: string, raw: unknown): unknown {
  if (f.search === 'dateRange') return dateValue(key, raw);
  const rule = filterTextOf(f, false);
  if (!rule) return String(raw).trim();
  const v = ruled(rule, key, raw);
  if (f.kind === 'ref') return BigInt(parseId(v)!);
  const n = f.kind === 'money' ? Math.round(Number(v) * 100) : Number(v);
  if (!Number.isSafeInteger(n)) throw badRequest('paramType', { name: key });
  return n;
}

function dateValue(key: string, raw: unknown): string {
  const v = ruled(FILTER_TEXT.date, key, raw);
  return v.length === 10 ? `${v} 00:00:00` : v;
}

/**
 * Turns Blade's list query (`title_like=…`, `createTime_dategt=…`, bare `field=value`) into bound SQL
 * conditions, only over the fields the resource declares searchable. Unknown keys and empty values
 * are dropped; values are always bound parameters.
 */
export function buildFilters(def: ResourceDef, meta: TableMeta, query: Record<string, unknown>): SqlWhere {
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || isEmptyValue(raw)) continue;
    if (typeof raw === 'object') throw badRequest('paramType', { name: key });
    const { field: name, suffix } = splitKey(key);
    if (suffix === '_ignore') continue;
    const f = findField(def, meta, name);
    if (!f) continue;
    const col = `"${meta.byKey.get(f.name)!.sql}"`;
    const text = `CAST(${col} AS TEXT)`;
    const exact =
      f.search === 'equal' ||
      f.search === 'dateRange' ||
      isNumericField(f) ||
      f.kind === 'ref' ||
      f.kind === 'dict' ||
      f.kind === 'money';
    switch (suffix) {
      case '':
        if (exact) {
          clauses.push(`${col} = ?`);
          params.push(f.search === 'dateRange' ? dateValue(key, raw) : comparable(f, key, raw));
        } else {
          clauses.push(`${text} LIKE ? ESCAPE '\\'`);
          params.push(`%${escapeLike(String(raw).trim())}%`);
        }
        break;
      case '_equal':
      case '_notequal':
        clauses.push(`${col} ${suffix === '_equal' ? '=' : '<>'} ?`);
        params.push(comparable(f, key, raw));
        break;
      case '_like':
      case '_notlike':
        clauses.push(`${text} ${suffix === '_like' ? 'LIKE' : 'NOT LIKE'} ? ESCAPE '\\'`);
        params.push(`%${escapeLike(String(raw).trim())}%`);
        break;
      case '_likeleft':
        clauses.push(`${text} LIKE ? ESCAPE '\\'`);
        params.push(`%${escapeLike(String(raw).trim())}`);
        break;
      case '_likeright':
        clauses.push(`${text} LIKE ? ESCAPE '\\'`);
        params.push(`${escapeLike(String(raw).trim())}%`);
        break;
      case '_ge':
      case '_le':
      case '_gt':
      case '_lt': {
        const op = { _ge: '>=', _le: '<=', _gt: '>', _lt: '<' }[suffix];
        clauses.push(`${col} ${op} ?`);
        params.push(comparable(f, key, raw));
        break;
      }
      case '_datege':
      case '_dategt':
      case '_dateequal':
      case '_datelt':
      case '_datele': {
        const op = { _datege: '>=', _dategt: '>', _dateequal: '=', _datelt: '<', _datele: '<=' }[suffix];
        clauses.push(`${col} ${op} ?`);
        params.push(dateValue(key, raw));
        break;
      }
      case '_null':
        clauses.push(`${col} IS NULL`);
        break;
      case '_notnull':
        clauses.push(`${col} IS NOT NULL`);
        break;
    }
  }
  return { clauses, params };
}

/**
 * `ascs`/`descs` (comma-separated column names) over the resource's sortable fields only; anything
 * else is ignored. Falls back to `create_time desc`, else `sort`, with the id as a tie-breaker.
 */
export function buildOrder(def: ResourceDef, meta: TableMeta, query: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (list: unknown, dir: 'ASC' | 'DESC') => {
    if (typeof list !== 'string') return;
    for (const name of list.split(',').map((s) => s.trim())) {
      const camel = name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      const f = def.fields.find((x) => x.sortable && (x.name === camel || x.name === name));
      const c = f && meta.byKey.get(f.name);
      if (c) parts.push(`"${c.sql}" ${dir}`);
    }
  };
  add(query.ascs, 'ASC');
  add(query.descs, 'DESC');
  if (!parts.length) {
    for (const s of def.defaultSort ?? []) {
      const c = meta.byKey.get(s.field);
      if (c) parts.push(`"${c.sql}" ${s.dir.toUpperCase()}`);
    }
  }
  if (!parts.length) {
    if (meta.byKey.has('createTime')) parts.push('"create_time" DESC');
    else if (meta.byKey.has('sort')) parts.push('"sort" ASC');
  }
  if (meta.byKey.has('id')) parts.push('"id" DESC');
  return parts.join(', ');
}
