import type { Access } from '@psi/db/model';
import {
  RowStatus,
  statusSet,
  transitionRule,
  type DocumentDef,
  type StatusFlag,
} from '@psi/db/model/psi/index';

/**
 * The PSI rules in SQL, rendered from the document kinds' declarations (db/src/model/psi/documents.ts):
 * status lists are bound parameters of the declared codes, never numbers typed into a query, and the
 * buttons of an action are its transition's `who`. A status or transition added to a declaration
 * changes these guards with no change here.
 */

/** A piece of a WHERE clause and its bound parameters, in order. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/** The column of a declared field: PSI tables name their columns in snake_case of the field. */
const columnOf = (field: string, alias?: string) =>
  `${alias ? `${alias}.` : ''}${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Joins conditions with AND (their parameters in the same order). */
export const allOf = (...parts: SqlPart[]): SqlPart => ({
  sql: parts.map((p) => p.sql).join(' AND '),
  params: parts.flatMap((p) => p.params),
});

/** `<status column> IN (?, …)` of `doc` with `codes` bound; no codes match no row. */
export function statusIn(doc: DocumentDef, codes: readonly number[], alias?: string): SqlPart {
  if (!codes.length) return { sql: '0', params: [] };
  return { sql: `${columnOf(doc.statusField, alias)} IN (${marks(codes.length)})`, params: [...codes] };
}

/** The document is in a status carrying `flag` (`open`, `editable`, …). */
export const statusFlagged = (doc: DocumentDef, flag: StatusFlag, alias?: string): SqlPart =>
  statusIn(doc, statusSet(doc, flag), alias);

/** The document is in a status one of `actions` leaves (the guard of a transition). */
export const leftBy = (doc: DocumentDef, ...actions: string[]): SqlPart =>
  statusIn(doc, transitionRule(doc, ...actions).from);

/**
 * What a document must still match to be edited (`editable`) or removed (`removable`): a status with
 * that flag and, when the kind limits editing (`editableWhen`), the declared value of that field.
 */
export function changeGuard(doc: DocumentDef, flag: 'editable' | 'removable'): SqlPart {
  const status = statusFlagged(doc, flag);
  const when = doc.editableWhen;
  return when ? allOf({ sql: `${columnOf(when.field)} = ?`, params: [when.code] }, status) : status;
}

/** A transition with one target, as a service takes it: the statuses it leaves, its guard, its target. */
export interface Step {
  from: number[];
  /** `<status column> IN (from…)`: the guard of the update that takes it */
  guard: SqlPart;
  to: number;
}

export function stepOf(doc: DocumentDef, action: string): Step {
  const rule = transitionRule(doc, action);
  if (rule.to.length !== 1) throw new Error(`${doc.kind}.${action} has no single target status`);
  return { from: rule.from, guard: statusIn(doc, rule.from), to: rule.to[0] };
}

/** Who may take `actions` of `doc`: the buttons of their transitions' `who`. */
export const accessOf = (doc: DocumentDef, ...actions: string[]): Access => ({
  button: transitionRule(doc, ...actions).who,
});

/** A master row (depository, school, book) that is enabled: the BladeX row flag of the model. */
export const enabledRow = (alias?: string): SqlPart => ({
  sql: `${columnOf('status', alias)} = ?`,
  params: [RowStatus.enabled],
});

export const isEnabledRow = (row: { status: number }): boolean => row.status === RowStatus.enabled;
