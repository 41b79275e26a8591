import type { TableColumnType } from 'antd';
import type { Lang } from '@psi/db/model';
import type { DocumentDef } from '@psi/db/model/psi/index';
import type { DeclaredRow } from '../../api/psi';
import { docNoColumn } from './DocActions';
import { fieldOf } from './documents';
import { yuan } from './format';
import { StatusTag, statusKindOf } from './status';

/** Columns of the PSI tables. A column's key is its field's name: lists take its priority from the declaration. */
export const textColumn = (title: string, field: string): TableColumnType<DeclaredRow> => ({
  title,
  dataIndex: field,
  key: field,
});

export const numberColumn = (title: string, field: string): TableColumnType<DeclaredRow> => ({
  ...textColumn(title, field),
  align: 'right',
});

export const moneyColumn = (title: string, field: string): TableColumnType<DeclaredRow> => ({
  title,
  key: field,
  align: 'right',
  render: (_v, r) => yuan(r[field]),
});

/** A list column of a declared field: the number links to the detail, coded fields show tags. */
export function fieldColumn(
  doc: DocumentDef,
  name: string,
  lang: Lang,
  open: (id: string) => void,
): TableColumnType<DeclaredRow> {
  const field = fieldOf(doc, name);
  const title = field.label[lang];
  const column: TableColumnType<DeclaredRow> = { title, key: name };
  const tag = field.kind === 'dict' ? statusKindOf(field.dict?.code) : undefined;
  if (name === doc.numberField) return docNoColumn(title, name, open);
  if (tag) return { ...column, render: (_v, r) => <StatusTag kind={tag} value={r[name]} /> };
  if (field.kind === 'money') return moneyColumn(title, name);
  if (field.kind === 'number') return numberColumn(title, name);
  return textColumn(title, name);
}
