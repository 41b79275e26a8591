import dayjs, { type Dayjs } from 'dayjs';
import type { Rule } from 'antd/es/form';
import {
  formFields,
  isNumericField,
  submitSchema,
  tableFields,
  type ColumnPriority,
  type FieldDef,
  type Lang,
  type ResourceDef,
} from '@psi/db/model';
import type { PermissionMap, DeclaredRow } from '../../api/types';
import { site } from '../../config/site';

/**
 * The declaration → screen mapping of the resource engine, kept free of React so it can be tested on its
 * own: table columns, search bar and list filters, form fields and their validation rules (the same zod
 * `submitSchema` the server checks), form values to and from the wire, and the buttons a user may see.
 */

export type FormMode = 'add' | 'edit';
export type DialogMode = FormMode | 'view';
export type { DeclaredRow };

/** Changes to a declaration for one screen (the dictionary's parent and child lists, for instance). */
export interface ResourceAdaptation {
  /** Fields left out of this screen. */
  omit?: string[];
  /** Per-field changes (shown in the table, required here, not editable here...). */
  patch?: Record<string, Partial<FieldDef>>;
  /** Fields this screen adds (after the declaration's own). */
  extra?: FieldDef[];
  /** Changes of the resource itself (title, dialog width, operations). */
  resource?: Partial<Pick<ResourceDef, 'title' | 'dialogWidth' | 'ops'>>;
}

/** A declaration adapted for one screen; the original is left as it is. */
export function adaptResource(def: ResourceDef, adaptation: ResourceAdaptation): ResourceDef {
  const omit = new Set(adaptation.omit ?? []);
  return {
    ...def,
    ...adaptation.resource,
    fields: [
      ...def.fields
        .filter((field) => !omit.has(field.name))
        .map((field) => ({ ...field, ...adaptation.patch?.[field.name] })),
      ...(adaptation.extra ?? []).filter((field) => !def.fields.some((own) => own.name === field.name)),
    ],
  };
}

/** The spec's empty value: null, undefined, an empty (or blank) string, an empty array or object. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (dayjs.isDayjs(value)) return !value.isValid();
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/* ------------------------------------------------------------------ table */

export interface ColumnSpec {
  /** The field's name. */
  key: string;
  field: FieldDef;
  title: string;
  priority?: ColumnPriority;
  width?: number;
  align?: 'left' | 'right' | 'center';
  sortable: boolean;
}

/** Default column widths by kind, so wide tables stay readable. */
const kindWidth: Partial<Record<FieldDef['kind'], number>> = {
  datetime: 170,
  date: 120,
  money: 120,
  number: 100,
  switch: 90,
  dict: 120,
  select: 120,
};

/** The table columns of a declaration (fields shown in the table), in declaration order. */
export function tableColumns(def: ResourceDef, lang: Lang): ColumnSpec[] {
  return tableFields(def).map((field) => ({
    key: field.name,
    field,
    title: field.label[lang],
    priority: field.priority,
    width: field.width ?? kindWidth[field.kind],
    align:
      field.kind === 'money' || field.kind === 'number'
        ? 'right'
        : field.kind === 'switch'
          ? 'center'
          : undefined,
    sortable: Boolean(field.sortable),
  }));
}

/** Name of the joined display field of an id field (`parentId` → `parentName`, `deptId` → `deptName`). */
export function displayFieldOf(field: FieldDef): string | null {
  return /Id$/.test(field.name) ? field.name.replace(/Id$/, 'Name') : null;
}

/* ------------------------------------------------------------------ search */

/** The fields of the search bar: every declared searchable field. */
export function searchFieldsOf(def: ResourceDef): FieldDef[] {
  return def.fields.filter((field) => field.search);
}

/** Wire format of dates in filters and bodies (the spec's `yyyy-MM-dd HH:mm:ss`). */
const wireDateTime = site.dateTimeFormat;
const wireDate = 'YYYY-MM-DD';

function asDayjs(value: unknown): Dayjs | null {
  if (dayjs.isDayjs(value)) return value.isValid() ? value : null;
  if (typeof value === 'string' && value.trim()) {
    const parsed = dayjs(value.trim());
    return parsed.isValid() ? parsed : null;
  }
  return null;
}

/**
 * The list filters of the search bar's values: empty values are dropped, text is trimmed, and a date
 * range sends `<field>_dategt` (start of its first day) and `<field>_datelt` (end of its last day).
 * Other fields go by their bare name, which the server reads as "contains" for text and "equals" for
 * numbers, dictionaries and ids.
 */
export function toQuery(def: ResourceDef, values: DeclaredRow): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const field of searchFieldsOf(def)) {
    const value = values[field.name];
    if (isEmptyValue(value)) continue;
    if (field.search === 'dateRange') {
      const [start, end] = Array.isArray(value) ? value.map(asDayjs) : [null, null];
      if (start) query[`${field.name}_dategt`] = start.startOf('day').format(wireDateTime);
      if (end) query[`${field.name}_datelt`] = end.endOf('day').format(wireDateTime);
      continue;
    }
    if (Array.isArray(value)) query[field.name] = value.join(',');
    else if (typeof value === 'number') query[field.name] = value;
    else if (dayjs.isDayjs(value)) query[field.name] = value.format(wireDateTime);
    else query[field.name] = String(value).trim();
  }
  return query;
}

/* ------------------------------------------------------------------ form */

export interface FormItemSpec {
  field: FieldDef;
  /** Shown but not editable in this mode (the value is still sent). */
  disabled: boolean;
  span: number;
}

function defaultSpan(field: FieldDef): number {
  if (field.span) return field.span;
  return field.kind === 'textarea' || field.kind === 'richtext' ? 24 : 12;
}

/** The fields of the add or edit dialog, with what may be changed in that mode. */
export function formItems(def: ResourceDef, mode: FormMode): FormItemSpec[] {
  return formFields(def).map((field) => ({
    field,
    disabled: mode === 'add' ? field.editableOnAdd === false : field.editableOnEdit === false,
    span: defaultSpan(field),
  }));
}

/** The fields of the view dialog: everything but secrets and fields kept out of the detail. */
export function detailFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((field) => field.inDetail !== false && !field.secret);
}

/** A form value in its wire form: dates formatted, multi-selects comma-joined, money with two decimals. */
export function toWireValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  switch (field.kind) {
    case 'date':
    case 'datetime': {
      const date = asDayjs(value);
      if (!date) return typeof value === 'string' ? value.trim() : value;
      return date.format(field.kind === 'date' ? wireDate : wireDateTime);
    }
    case 'tree':
    case 'select':
    case 'dict':
      return Array.isArray(value) ? value.join(',') : value;
    case 'money': {
      if (typeof value === 'string' && value.trim() === '') return '';
      const amount = Number(value);
      return Number.isFinite(amount) ? amount.toFixed(2) : value;
    }
    case 'switch':
      return typeof value === 'boolean' ? (value ? 1 : 0) : value;
    case 'text':
    case 'textarea':
      return typeof value === 'string' ? value.trim() : value;
    default:
      return value;
  }
}

/** A wire value as the form control holds it (dates as dayjs, multi-select ids as a list, numbers). */
export function toFormValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null || value === '') {
    return field.kind === 'tree' && field.tree?.multiple ? [] : undefined;
  }
  switch (field.kind) {
    case 'date':
    case 'datetime':
      return asDayjs(value) ?? undefined;
    case 'tree':
      if (field.tree?.multiple)
        return Array.isArray(value) ? value.map(String) : String(value).split(',').filter(Boolean);
      return isNumericField(field) ? Number(value) : String(value);
    case 'number':
    case 'switch':
      return Number(value);
    case 'dict':
    case 'select':
      return isNumericField(field) && /^-?\d+$/.test(String(value)) ? Number(value) : value;
    default:
      return value;
  }
}

/** The form's starting values: a record's (edit, view) or the declared defaults and fixed values (add). */
export function initialFormValues(
  def: ResourceDef,
  mode: DialogMode,
  record: DeclaredRow | null,
  fixed: DeclaredRow = {},
): DeclaredRow {
  const values: DeclaredRow = {};
  for (const field of def.fields) {
    if (mode === 'add') {
      const start = field.name in fixed ? fixed[field.name] : field.defaultValue;
      if (start !== undefined) values[field.name] = toFormValue(field, start);
      else if (field.kind === 'tree' && field.tree?.multiple) values[field.name] = [];
    } else if (record) {
      values[field.name] = toFormValue(field, record[field.name]);
    }
  }
  return values;
}

/**
 * The body of `submit`: every form field in wire form (disabled ones too: they carry fixed values such as
 * a dictionary entry's code and parent), plus `id` when editing. On add, empty values are left out; on
 * edit they are sent as null, which clears an optional field.
 */
export function toSubmitBody(
  def: ResourceDef,
  values: DeclaredRow,
  mode: FormMode,
  record: DeclaredRow | null,
  fixed: DeclaredRow = {},
): DeclaredRow {
  const body: DeclaredRow = {};
  for (const field of formFields(def)) {
    const raw = field.name in values ? values[field.name] : fixed[field.name];
    const value = toWireValue(field, raw);
    if (isEmptyValue(value)) {
      if (mode === 'edit' && field.name in values && !field.secret) body[field.name] = null;
      continue;
    }
    body[field.name] = value;
  }
  if (mode === 'add') {
    // Fixed values of fields this screen does not show (a dictionary's parent "0").
    for (const [name, value] of Object.entries(fixed))
      if (!(name in body) && !isEmptyValue(value)) body[name] = value;
  }
  if (mode === 'edit' && record?.id !== undefined) body.id = record.id;
  return body;
}

const schemaCache = new WeakMap<FieldDef, Map<string, ReturnType<typeof submitSchema>>>();

/**
 * The declaration's submit schema for one field. A schema of the whole resource would stop at the first
 * other required field left empty (zod ends a parse whose preprocessing found problems), so each field
 * gets the same `submitSchema` over a resource holding only that field, checked as on add.
 */
function schemaFor(def: ResourceDef, field: FieldDef, lang: Lang) {
  let byLang = schemaCache.get(field);
  if (!byLang) {
    byLang = new Map();
    schemaCache.set(field, byLang);
  }
  let schema = byLang.get(lang);
  if (!schema) {
    const single = { ...field, editableOnAdd: true, editableOnEdit: true, inForm: true, readOnly: false };
    schema = submitSchema({ ...def, fields: [single] }, lang, 'add');
    byLang.set(lang, schema);
  }
  return schema;
}

/**
 * The message of a field's value, checked by the declaration's zod `submitSchema` (the same rules the
 * server applies): required with the declared message, pattern, length, range. Null when it is valid.
 * Fields that cannot be edited in the mode are not checked (the form shows them disabled).
 */
export function validateField(
  def: ResourceDef,
  field: FieldDef,
  value: unknown,
  lang: Lang,
  mode: FormMode,
): string | null {
  const editable = mode === 'add' ? field.editableOnAdd !== false : field.editableOnEdit !== false;
  if (!editable) return null;
  const result = schemaFor(def, field, lang).safeParse({ [field.name]: toWireValue(field, value) });
  if (result.success) return null;
  const issue = result.error.issues.find((entry) => entry.path[0] === field.name);
  return issue ? issue.message : null;
}

/** The antd rules of a form field: the required mark, and a validator running the declaration's schema. */
export function fieldRules(def: ResourceDef, field: FieldDef, lang: Lang, mode: FormMode): Rule[] {
  const editable = mode === 'add' ? field.editableOnAdd !== false : field.editableOnEdit !== false;
  if (!editable) return [];
  // a secret is never sent back by the server: left empty on edit, the stored one is kept
  if (mode === 'edit' && field.secret) {
    return [
      {
        validator: async (_rule, value: unknown) => {
          if (isEmptyValue(value)) return;
          const message = validateField(def, field, value, lang, mode);
          if (message) throw new Error(message);
        },
      },
    ];
  }
  return [
    {
      required: Boolean(field.required),
      validator: async (_rule, value: unknown) => {
        const message = validateField(def, field, value, lang, mode);
        if (message) throw new Error(message);
      },
    },
  ];
}

/* ------------------------------------------------------------------ buttons */

export interface ButtonPermissions {
  add: boolean;
  edit: boolean;
  remove: boolean;
  view: boolean;
  export: boolean;
}

/**
 * The buttons a user sees: an operation the declaration has (`ops`, all but export by default) whose
 * button code (`<permission>_add|_edit|_delete|_view`) is in the user's permission map. Export exists
 * only where declared (`ops.export`), behind its button code when the declaration names one.
 */
export function buttonPermissions(def: ResourceDef, permission: PermissionMap): ButtonPermissions {
  const has = (suffix: string) => permission[`${def.permission}_${suffix}`] === true;
  const exportAccess = def.access?.export;
  const exportButton =
    typeof exportAccess === 'object' && exportAccess !== null && 'button' in exportAccess
      ? exportAccess.button
      : null;
  return {
    add: def.ops?.add !== false && has('add'),
    edit: def.ops?.edit !== false && has('edit'),
    remove: def.ops?.delete !== false && has('delete'),
    view: def.ops?.view !== false && has('view'),
    export:
      def.ops?.export === true &&
      (exportButton === null || [exportButton].flat().some((code) => permission[code] === true)),
  };
}

/** The page's table and dialog width: the declaration's, else the engine's default. */
export function dialogWidthOf(def: ResourceDef): number {
  return def.dialogWidth ?? 880;
}
