import type { FieldDef } from '@psi/db/model';
import { PSI_DOCUMENTS, type DocumentDef, type DocumentKind, type StatusDef } from '@psi/db/model/psi/index';
import type { DeclaredRow } from '../../api/psi';

/** The document kinds with a list page of their own (a stocktake has its sheet instead). */
export type DocKind = Exclude<DocumentKind, 'depositorycheck'>;

export const DOCUMENTS: Record<DocKind, DocumentDef> = {
  purchaseorderyypt: PSI_DOCUMENTS.purchaseorderyypt,
  purchaseorderdepository: PSI_DOCUMENTS.purchaseorderdepository,
  purchaseorder: PSI_DOCUMENTS.purchaseorder,
  deliveryorder: PSI_DOCUMENTS.deliveryorder,
};

/** A field of the document's resource declaration (the document only names declared fields). */
export function fieldOf(doc: DocumentDef, name: string): FieldDef {
  const field = doc.resource.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${doc.resource.key} declares no field ${name}`);
  return field;
}

/** The declared status a row is in. */
export const statusOfRow = (doc: DocumentDef, row: DeclaredRow): StatusDef | undefined =>
  doc.statuses.codes.find((s) => s.code === Number(row[doc.statusField]));

/** The declaration's further limit on editing (a 配送单 is edited only when entered directly). */
const editableKind = (doc: DocumentDef, row: DeclaredRow) =>
  !doc.editableWhen || Number(row[doc.editableWhen.field]) === doc.editableWhen.code;

export const mayEdit = (doc: DocumentDef, row: DeclaredRow) =>
  editableKind(doc, row) && statusOfRow(doc, row)?.editable === true;

export const mayRemove = (doc: DocumentDef, row: DeclaredRow) =>
  editableKind(doc, row) && statusOfRow(doc, row)?.removable === true;

/** Whether the row is in a status the transition `action` starts from. */
export function mayTake(doc: DocumentDef, action: string, row: DeclaredRow): boolean {
  const transition = doc.transitions[action];
  const status = statusOfRow(doc, row);
  if (!transition) throw new Error(`${doc.kind} declares no transition ${action}`);
  return status !== undefined && transition.from.includes(status.name);
}
