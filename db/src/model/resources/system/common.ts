import type { FieldDef, FieldKind } from '../../resource';
import { t, type Text } from '../../text';

import { dictField } from '../builders';

export { dictField, field } from '../builders';

/** Field builders shared by the system declarations, so labels and rules stay the same everywhere. */

const CHOSEN: readonly FieldKind[] = ['dict', 'select', 'tree', 'switch'];

/** Required, asking for the value by its label: 请输入部门名称 / Please enter the department name. */
export const required = (f: FieldDef): FieldDef => {
  const chosen = CHOSEN.includes(f.kind);
  return {
    ...f,
    required: true,
    message: t(
      `${chosen ? '请选择' : '请输入'}${f.label.zh}`,
      `Please ${chosen ? 'select' : 'enter'} the ${f.label.en.toLowerCase()}`,
    ),
  };
};

export const remarkField = (maxLength = 255): FieldDef => ({
  name: 'remark',
  kind: 'textarea',
  label: t('备注', 'Remark'),
  maxLength,
  span: 24,
  inTable: false,
});

export const sortField = (message: Text = t('请输入排序', 'Please enter the sort order')): FieldDef => ({
  name: 'sort',
  kind: 'number',
  label: t('排序', 'Sort'),
  required: true,
  message,
  min: -999999,
  max: 999999,
  sortable: true,
  defaultValue: 1,
});

export const createTimeField = (inTable = false): FieldDef => ({
  name: 'createTime',
  kind: 'datetime',
  label: t('创建时间', 'Created at'),
  readOnly: true,
  inForm: false,
  search: 'dateRange',
  sortable: true,
  inTable,
});

/** The owning tenant: filled by the server (the platform super-admin may choose it on some resources). */
export const tenantIdField = (inTable = false): FieldDef => ({
  name: 'tenantId',
  kind: 'text',
  label: t('所属租户', 'Tenant'),
  readOnly: true,
  inForm: false,
  search: 'equal',
  inTable,
});

/** A parent in a tree of the same resource (`0` for a root). */
export const parentField = (label: Text, url: string, message?: Text): FieldDef => ({
  name: 'parentId',
  kind: 'tree',
  label,
  tree: { url },
  search: 'equal',
  defaultValue: '0',
  inTable: false,
  ...(message ? { required: true, message } : {}),
});

/** BladeX's yes/no dictionary: 1 no, 2 yes. */
const yesNoOptions = () => [
  { value: 1, label: t('否', 'No') },
  { value: 2, label: t('是', 'Yes') },
];

/** A form-only choice from the `yes_no` dictionary. */
export const yesNoField = (name: string, zh: string, en: string, defaultValue: 1 | 2): FieldDef =>
  dictField(name, 'yes_no', zh, en, { options: yesNoOptions(), defaultValue, inTable: false });

/** `status` with BladeX's enable semantics of configuration rows (2 enabled, 1 disabled). */
export const enabledField = (): FieldDef => ({
  name: 'status',
  kind: 'select',
  numeric: true,
  label: t('是否启用', 'Enabled'),
  options: yesNoOptions(),
  readOnly: true,
  inForm: false,
  search: 'equal',
});

/**
 * The English name or label of a row whose `name` (or `dictValue`) is Chinese: menus and dictionary
 * entries come from the database, and users who chose English read this one (the Chinese one when empty).
 */
export const englishNameField = (name = 'nameEn', label: Text = t('英文名称', 'English name')): FieldDef => ({
  name,
  kind: 'text',
  label,
  maxLength: 255,
  inTable: false,
});
