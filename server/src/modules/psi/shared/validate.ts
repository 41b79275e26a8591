import type { z } from 'zod';
import { fill, messages, submitSchema, type Lang, type ResourceDef } from '@psi/db/model';
import { normalizeIsbn, parseDiscount, psiMessages } from '@psi/db/model/psi/index';
import { DISCOUNT_FIELDS } from '@psi/db/model';
import { badRequest } from '../../../core/errors';

export interface FieldIssue {
  field: string;
  message: string;
}

/** Allowed codes of the coded columns the PSI forms and imports accept. */
const CODES: Record<string, number[]> = {
  schoolStage: [1, 2, 3],
  termNo: [0, 1, 2],
  goodsType: [1, 2, 3],
  schoolType: [1, 2, 3, 4, 5],
  depositoryType: [1, 2],
  status: [0, 1],
};

const labelOf = (def: ResourceDef, field: string, lang: Lang) =>
  def.fields.find((f) => f.name === field)?.label[lang] ?? field;

/**
 * Parses a submit body (or an import row) against a declaration, then applies the PSI rules the
 * declaration cannot say: ISBN-13 checksum, price > 0, discounts in (0, 1] as basis points, coded
 * values among their dictionary keys. Returns the stored values and every problem by field.
 */
const schemas = new WeakMap<ResourceDef, Map<string, ReturnType<typeof submitSchema>>>();

/** The declaration's submit schema, built once per language and mode (building one costs more than using it). */
function schemaOf(def: ResourceDef, lang: Lang, mode: 'add' | 'edit') {
  let byKey = schemas.get(def);
  if (!byKey) schemas.set(def, (byKey = new Map()));
  let s = byKey.get(`${lang}:${mode}`);
  if (!s) byKey.set(`${lang}:${mode}`, (s = submitSchema(def, lang, mode)));
  return s;
}

export function parseValues(
  def: ResourceDef,
  body: unknown,
  lang: Lang,
  mode: 'add' | 'edit',
): { values: Record<string, unknown>; issues: FieldIssue[] } {
  const parsed = schemaOf(def, lang, mode).safeParse(body);
  const issues: FieldIssue[] = [];
  let data: Record<string, unknown>;
  if (parsed.success) data = parsed.data as Record<string, unknown>;
  else {
    for (const i of (parsed.error as z.ZodError).issues)
      issues.push({ field: String(i.path[0] ?? ''), message: i.message });
    // the other fields are still checked, so a row reports all of its problems at once
    const failed = new Set(issues.map((i) => i.field));
    const rest = Object.fromEntries(
      Object.entries(typeof body === 'object' && body ? body : {}).filter(([k]) => !failed.has(k)),
    );
    const again = schemaOf(def, lang, 'edit').safeParse(rest);
    if (!again.success) return { values: {}, issues };
    data = again.data as Record<string, unknown>;
  }
  const values = { ...data };
  const invalid = (field: string) =>
    issues.push({ field, message: fill(messages.invalidValue[lang], { label: labelOf(def, field, lang) }) });
  // the checksum is the declaration's `check`, run by the schema above
  if (typeof values.isbn === 'string') values.isbn = normalizeIsbn(values.isbn);
  if (values.price !== undefined && values.price !== null && (values.price as number) <= 0)
    issues.push({
      field: 'price',
      message: fill(messages.tooSmall[lang], { label: labelOf(def, 'price', lang), min: '0.01' }),
    });
  for (const f of DISCOUNT_FIELDS) {
    if (values[f] === undefined || values[f] === null) continue;
    const bp = parseDiscount(values[f]);
    if (bp === null) issues.push({ field: f, message: psiMessages.discountInvalid[lang] });
    else values[f] = bp;
  }
  for (const [f, allowed] of Object.entries(CODES)) {
    if (!def.fields.some((x) => x.name === f)) continue;
    const v = values[f];
    if (v !== undefined && v !== null && !allowed.includes(Number(v))) invalid(f);
  }
  return { values, issues };
}

/** The route form: one 400 whose message lists every problem. */
export function parseOrThrow(def: ResourceDef, body: unknown, lang: Lang, mode: 'add' | 'edit') {
  const { values, issues } = parseValues(def, body, lang, mode);
  if (issues.length) throw badRequest([...new Set(issues.map((i) => i.message))].join('; '));
  return values;
}
