import type { FieldDef, FieldKind } from '../resource';
import { t } from '../text';

/** The field builders every declaration writes with: a FieldDef, only shorter to write. */

export type Extra = Partial<Omit<FieldDef, 'name' | 'kind' | 'label'>>;

/** A field of `kind` with its label in both languages; every other property as given. */
export const field = (
  kind: FieldKind,
  name: string,
  zh: string,
  en: string,
  extra: Extra = {},
): FieldDef => ({
  name,
  kind,
  label: t(zh, en),
  ...extra,
});

/** A field coded by a system dictionary (numeric keys). */
export const dictField = (
  name: string,
  code: string,
  zh: string,
  en: string,
  extra: Extra = {},
): FieldDef => ({
  name,
  kind: 'dict',
  dict: { code },
  numeric: true,
  label: t(zh, en),
  ...extra,
});
