import { z } from 'zod';
import { messages } from './messages';
import { fill, type Lang, type Text } from './text';
import { DATE_PATTERN, DATE_TIME_PATTERN } from './time';
import { ID_DIGITS, ID_LIST_TEXT, ID_TEXT, idNumberWire, parseId } from './id';
import { formatMoney, parseInteger, parseMoney } from './money';

/**
 * One declaration per resource: the server's routes, filters and validation and the web's table,
 * search bar and form all come from it. Field names are the camelCase wire names, which are also the
 * keys of the drizzle table.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'dict'
  | 'select'
  | 'tree'
  | 'switch'
  | 'upload'
  | 'ref'
  | 'password';

/** See `FieldDef.priority`. */
export type ColumnPriority = 'key' | 'optional';

/** How a field is searched: `equal` (=), `like` (contains), `dateRange` (`_dategt`/`_datelt`). */
export type SearchMode = 'equal' | 'like' | 'dateRange';

export interface OptionDef {
  value: string | number;
  label: Text;
}

export interface FieldDef {
  name: string;
  kind: FieldKind;
  label: Text;
  required?: boolean;
  /**
   * A required field a client may leave out when adding: it then takes `defaultValue`, as Blade's
   * column default does (the public Saber and Sword never send it). Sent empty it is still refused.
   */
  leftOutTakesDefault?: boolean;
  /** The message shown when a required value is missing (the seed's own texts). */
  message?: Text;
  pattern?: { regex: string; message: Text };
  /**
   * A rule a pattern cannot say (a checksum, for instance), run on a text value by the server's
   * validation and the web form's alike: the problem's message, or null when the value is right.
   */
  check?: (value: string) => Text | null;
  /** The number that means "no limit" (a tenant's account quota of -1): shown as 不限 / Unlimited. */
  unlimited?: number;
  min?: number;
  max?: number;
  maxLength?: number;
  search?: SearchMode;
  sortable?: boolean;
  /** Shown as a table column (default true). */
  inTable?: boolean;
  /** Part of the add/edit form (default true). */
  inForm?: boolean;
  /** Shown in the view dialog (default true). */
  inDetail?: boolean;
  editableOnAdd?: boolean;
  editableOnEdit?: boolean;
  /** Values come from a dictionary (`/blade-system/dict/dictionary?code=`). */
  dict?: { code: string; source?: 'dict' | 'dict-biz' };
  /**
   * The label a Blade VO sends beside this coded value (`categoryName` of a post, `scopeTypeName` of a
   * scope): list and detail rows carry it, read from the dictionary or options in the caller's language.
   */
  labelField?: string;
  options?: OptionDef[];
  /** Values come from a tree endpoint returning TreeNodes. */
  tree?: { url: string; multiple?: boolean };
  defaultValue?: string | number;
  /** Form column span out of 24 (default 12; textareas 24). */
  span?: number;
  width?: number;
  /**
   * The column's place in a list that must fit a 1366 px screen: `key` columns (the document number or
   * name, the party, the amount, the status) come first and show at the initial scroll position;
   * `optional` ones start hidden in the column settings; the others follow the key ones and may need
   * scrolling.
   */
  priority?: ColumnPriority;
  /** Values of `ref` fields hold ids; `number`, `switch`, `dict` with numeric keys are numbers. */
  numeric?: boolean;
  /** Server-managed: never accepted from a submit body. */
  readOnly?: boolean;
  /** Never returned to a client (hashes, secrets). */
  secret?: boolean;
  /** How a reader sees the value: `discount` shows `"0.9500"` as `95 折` / `5% off` (`displayDiscount`). */
  display?: 'discount';
}

/** Who may call a route: nobody is allowed by default. */
export type Access =
  'public' | 'user' | { role: string[] } | { menu: string } | { button: string | string[] };

export const ADMIN_ROLES = ['administrator', 'admin'];
export const SUPER_ADMIN_ROLE = 'administrator';

export type TenantMode = 'none' | 'scoped' | 'scopedAdminAll';

export interface ResourceDef {
  key: string;
  /** API base, e.g. `/blade-system/param` (the web prefixes `/api`). */
  api: string;
  title: Text;
  /** Button code prefix: `param_add`, `param_edit`, `param_delete`, `param_view`. */
  permission: string;
  /**
   * `scoped`: rows belong to the caller's tenant. `scopedAdminAll`: the platform super-admin
   * (tenant 000000, administrator) sees every tenant. `none`: platform-wide table.
   */
  tenant: TenantMode;
  fields: FieldDef[];
  defaultSort?: { field: string; dir: 'asc' | 'desc' }[];
  dialogWidth?: number;
  /** Which generic operations exist (all by default). */
  ops?: { add?: boolean; edit?: boolean; view?: boolean; delete?: boolean; export?: boolean };
  /** Unique fields among live rows of a tenant. */
  unique?: { fields: string[]; label: Text }[];
  /** Overrides of the default access rules per generic route. */
  access?: Partial<Record<'list' | 'detail' | 'submit' | 'remove' | 'export', Access>>;
  /**
   * A tree (rows with `parentId`) listed lazily: the server adds `GET {api}/lazy-list` (the roots, or a
   * parent's children, each with `hasChildren`; with search filters every matching row) and the web
   * loads the roots first and a row's children when it is expanded.
   */
  lazy?: boolean;
}

export const defineResource = <T extends ResourceDef>(def: T): T => def;

export const fieldOf = (def: ResourceDef, name: string): FieldDef | undefined =>
  def.fields.find((f) => f.name === name);

export const isNumericField = (f: FieldDef): boolean =>
  f.numeric ?? (f.kind === 'number' || f.kind === 'switch');

export const formFields = (def: ResourceDef) => def.fields.filter((f) => f.inForm !== false && !f.readOnly);
export const tableFields = (def: ResourceDef) => def.fields.filter((f) => f.inTable !== false && !f.secret);
export const searchFields = (def: ResourceDef) => def.fields.filter((f) => f.search);

/** The declared priority of a list column (see `FieldDef.priority`), by field name. */
export const columnPriority = (def: ResourceDef, name: string): ColumnPriority | undefined =>
  fieldOf(def, name)?.priority;

export const defaultAccess = (def: ResourceDef) => ({
  list: def.access?.list ?? ({ menu: def.permission } as Access),
  detail: def.access?.detail ?? ({ menu: def.permission } as Access),
  submit: def.access?.submit ?? ({ button: [`${def.permission}_add`, `${def.permission}_edit`] } as Access),
  remove: def.access?.remove ?? ({ button: `${def.permission}_delete` } as Access),
  export: def.access?.export ?? ({ menu: def.permission } as Access),
});

export function requiredMessage(f: FieldDef, lang: Lang): string {
  if (f.message) return f.message[lang];
  const select = ['dict', 'select', 'tree', 'ref', 'switch', 'date', 'datetime', 'upload'].includes(f.kind);
  return fill((select ? messages.requiredSelect : messages.required)[lang], { label: f.label[lang] });
}

/** A message template filled in one language, or in both (see `bothLanguages`). */
type Say = (text: Text, params?: Record<string, string | number | Text>) => string;

const sayIn =
  (lang: Lang): Say =>
  (text, params = {}) =>
    fill(
      text[lang],
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? v[lang] : v])),
    );

const BILINGUAL = 'bilingual:';

/**
 * Both languages of a message as one zod issue message: a route schema is compiled once, before any
 * caller's language is known, and the server's schema error handler picks the caller's half
 * (`readBilingual`).
 */
export const bothLanguages: Say = (text, params) =>
  BILINGUAL + JSON.stringify({ zh: sayIn('zh')(text, params), en: sayIn('en')(text, params) });

/** The message `bothLanguages` wrote, or null for any other issue message. */
export function readBilingual(message: string): Text | null {
  if (!message.startsWith(BILINGUAL)) return null;
  const text = JSON.parse(message.slice(BILINGUAL.length)) as Text;
  return typeof text.zh === 'string' && typeof text.en === 'string' ? text : null;
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/**
 * The zod schema for a submit body. On add, required fields must be present; on update (the body has
 * an id) only the fields present are checked and written, as Blade's `updateById` does, and a required
 * field sent empty is refused. An optional field sent empty is cleared (null). Values are converted to
 * their stored form (money to cents, ids to strings, numbers to numbers). Unknown keys are dropped.
 */
export function submitSchema(def: ResourceDef, lang: Lang, mode: 'add' | 'edit') {
  const fields = formFields(def).filter((f) =>
    mode === 'add' ? f.editableOnAdd !== false : f.editableOnEdit !== false,
  );
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    shape[f.name] = z.preprocess(
      (v) => (v === undefined ? undefined : isEmpty(v) ? null : v),
      fieldValueSchema(f, sayIn(lang)).nullable().optional(),
    );
  }
  return z.preprocess((raw, ctx) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      ctx.addIssue({ code: 'custom', message: messages.invalidBody[lang] });
      return {};
    }
    let body = raw as Record<string, unknown>;
    for (const f of fields) {
      if (!f.required) continue;
      if (
        mode === 'add' &&
        f.leftOutTakesDefault &&
        f.defaultValue !== undefined &&
        body[f.name] === undefined
      )
        body = { ...body, [f.name]: f.defaultValue };
      const missing = mode === 'add' ? isEmpty(body[f.name]) : f.name in body && isEmpty(body[f.name]);
      if (missing) ctx.addIssue({ code: 'custom', path: [f.name], message: requiredMessage(f, lang) });
    }
    return body;
  }, z.object(shape).strip());
}

/**
 * An integer (`parseInteger`: a JSON integer or plain decimal digits, as query strings and forms send
 * them). Booleans, arrays and objects are wrong types and refused (`z.coerce` would turn `true` or
 * `[5]` into a number); a switch also takes `true`/`false` as 1/0.
 */
function strictNumber(invalid: string, acceptBoolean = false) {
  return z.preprocess(
    (v) => {
      if (acceptBoolean && typeof v === 'boolean') return Number(v);
      if (typeof v === 'string' || typeof v === 'number') return parseInteger(v) ?? Number.NaN;
      return v;
    },
    z.number({ error: invalid }),
  );
}

/**
 * A string or number read by `parse`: what it cannot read is refused as `invalid`, and what it reads
 * is refused with the message `check` gives (none: accepted).
 */
function parsedValue<T>(
  parse: (value: unknown) => T | null,
  invalid: string,
  check: (value: T) => string | null = () => null,
) {
  return z.union([z.string(), z.number()]).transform((v, ctx) => {
    const value = parse(v);
    const problem = value === null ? invalid : check(value);
    if (value === null || problem !== null) {
      ctx.addIssue({ code: 'custom', message: problem ?? invalid });
      return z.NEVER;
    }
    return value;
  });
}

function fieldValueSchema(f: FieldDef, say: Say): z.ZodType {
  const label = f.label;
  const invalid = say(messages.invalidValue, { label });
  switch (f.kind) {
    case 'number':
    case 'switch': {
      let n: z.ZodType<number> = strictNumber(invalid, f.kind === 'switch')
        .refine(Number.isFinite, invalid)
        .refine(Number.isSafeInteger, invalid);
      if (f.min !== undefined)
        n = n.refine((v) => v >= f.min!, say(messages.tooSmall, { label, min: f.min }));
      if (f.max !== undefined)
        n = n.refine((v) => v <= f.max!, say(messages.tooLarge, { label, max: f.max }));
      return n;
    }
    case 'money':
      // `min` / `max` of a money field are in cents
      return parsedValue(parseMoney, invalid, (cents) => {
        if (f.max !== undefined && cents > f.max)
          return say(messages.tooLarge, { label, max: formatMoney(f.max) });
        if (f.min !== undefined && cents < f.min)
          return say(messages.tooSmall, { label, min: formatMoney(f.min) });
        return null;
      });
    case 'date':
    case 'datetime':
      return z
        .string({ error: invalid })
        .transform((v) => v.trim())
        .refine((v) => DATE_TIME_PATTERN.test(v) || DATE_PATTERN.test(v), invalid)
        .transform((v) => (DATE_PATTERN.test(v) ? `${v} 00:00:00` : v));
    case 'ref':
      return parsedValue(parseId, invalid);
    case 'tree':
      if (f.tree?.multiple)
        return z
          .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
          .transform((v) => (Array.isArray(v) ? v.join(',') : String(v)))
          .refine((v) => v.split(',').every((p) => parseId(p.trim()) !== null), invalid);
      return isNumericField(f) ? strictNumber(invalid) : z.union([z.string(), z.number()]).transform(String);
    case 'dict':
    case 'select': {
      const allowed = f.options?.map((o) => String(o.value));
      const base: z.ZodType<string | number> = isNumericField(f)
        ? strictNumber(invalid).refine(Number.isSafeInteger, invalid)
        : z.union([z.string(), z.number()]).transform(String);
      return allowed ? base.refine((v: string | number) => allowed.includes(String(v)), invalid) : base;
    }
    default: {
      let s = z.union([z.string(), z.number()], { error: invalid }).transform(String);
      if (f.maxLength !== undefined)
        s = s.refine((v) => v.length <= f.maxLength!, say(messages.tooLong, { label, max: f.maxLength }));
      if (f.pattern) {
        const re = new RegExp(f.pattern.regex);
        s = s.refine((v) => re.test(v), say(f.pattern.message));
      }
      if (f.check) {
        const check = f.check;
        s = s.superRefine((v, ctx) => {
          const problem = check(v);
          if (problem) ctx.addIssue({ code: 'custom', message: say(problem) });
        });
      }
      return s;
    }
  }
}

/** Decimal digits as `parseInteger` reads them. */
const INTEGER_TEXT = '^(0|-?[1-9][0-9]{0,15})$';
/** An amount as `parseMoney` reads it: yuan with up to two decimals. */
const MONEY_TEXT = '^-?(0|[1-9][0-9]{0,10})(\\.[0-9]{1,2})?$';
const DAY_OR_TIME_TEXT = '^ *[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}:[0-9]{2})? *$';

/**
 * What a list filter takes, as the server's filters read it (the same text the document shows): an
 * empty value or plain spaces is no filter. ASCII classes only, as `ID_TEXT`.
 */
export const FILTER_TEXT = {
  id: `^ *(${ID_DIGITS})? *$`,
  integer: '^ *(-?[0-9]{1,15})? *$',
  money: '^ *(-?[0-9]{1,11}(\\.[0-9]{1,2})?)? *$',
  date: '^ *([0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}:[0-9]{2})?)? *$',
} as const;

/** The rule of a filter on `f` with a date suffix (`_dategt` …) or bare: compared exactly, or text. */
export function filterTextOf(f: FieldDef, dated: boolean): string | undefined {
  if (dated || f.search === 'dateRange') return FILTER_TEXT.date;
  if (f.kind === 'ref') return FILTER_TEXT.id;
  if (f.kind === 'money') return FILTER_TEXT.money;
  if (isNumericField(f)) return FILTER_TEXT.integer;
  return undefined;
}

/** The bounds of a number field as the document shows them. */
const bounds = (f: FieldDef) => ({
  ...(f.min !== undefined ? { minimum: f.min } : {}),
  ...(f.max !== undefined ? { maximum: f.max } : {}),
});

/** An integer as a JSON number or decimal text (forms send text). */
const integerWire = (f: FieldDef) => [
  z.number().meta({ type: 'integer', ...bounds(f) }),
  z.string().meta({ pattern: INTEGER_TEXT }),
];

/**
 * What a field's value may be on the wire, as the document shows it: the base types are checked here,
 * the finer rules (bounds, lengths, patterns, options) by the declaration's own schema (`fieldWireSchema`)
 * and shown through metadata.
 */
function wireTypes(f: FieldDef): z.ZodType[] {
  switch (f.kind) {
    case 'number':
      return integerWire(f);
    case 'switch':
      return [...integerWire(f), z.boolean()];
    case 'money': {
      // `min` / `max` of a money field are in cents
      const range = {
        ...(f.min !== undefined ? { minimum: f.min / 100 } : {}),
        ...(f.max !== undefined ? { maximum: f.max / 100 } : {}),
      };
      return [z.number().meta({ multipleOf: 0.01, ...range }), z.string().meta({ pattern: MONEY_TEXT })];
    }
    case 'date':
    case 'datetime':
      return [z.string().meta({ pattern: DAY_OR_TIME_TEXT, description: 'yyyy-MM-dd[ HH:mm:ss]' })];
    case 'ref':
      return [z.string().meta({ pattern: ID_TEXT }), idNumberWire()];
    case 'tree':
      if (f.tree?.multiple)
        return [
          z.string().meta({ pattern: ID_LIST_TEXT }),
          idNumberWire(),
          z.array(z.union([z.string().meta({ pattern: ID_TEXT }), idNumberWire()])),
        ];
      return isNumericField(f) ? integerWire(f) : [z.string(), z.number()];
    case 'dict':
    case 'select': {
      if (f.options) {
        const values = f.options.map((o) => o.value);
        // a coded value is sent as a number or as its text alike
        const texts = [...new Set(values.map(String))];
        const numbers = [...new Set(values.map(Number).filter(Number.isSafeInteger))];
        return [
          z.string().meta({ enum: texts }),
          ...(numbers.length ? [z.number().meta({ type: 'integer', enum: numbers })] : []),
        ];
      }
      return isNumericField(f) ? integerWire(f) : [z.string(), z.number()];
    }
    default: {
      const text = z.string().meta({
        ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}),
        ...(f.pattern ? { pattern: f.pattern.regex } : {}),
      });
      // a patterned text is text: a number would be checked as its decimal form, which the pattern does not say
      return f.pattern ? [text] : [text, z.number()];
    }
  }
}

/**
 * A submit field as a route schema takes it: the wire types the document shows (empty, `null` or `[]`
 * clearing it), checked by the same rules as `submitSchema` with both languages' messages. The value
 * leaves unchanged: the handler's `submitSchema` converts it and says which fields an add requires,
 * which depends on the body's `id`.
 */
export function fieldWireSchema(f: FieldDef): z.ZodType {
  const check = fieldValueSchema(f, bothLanguages);
  const invalid = bothLanguages(messages.invalidValue, { label: f.label });
  return z
    .union([z.literal(''), z.null(), z.array(z.unknown()).max(0), ...wireTypes(f)], { error: invalid })
    .superRefine((v, ctx) => {
      if (isEmpty(v)) return;
      const result = check.safeParse(v);
      if (!result.success)
        ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? invalid });
    })
    .optional()
    .describe(f.label.en);
}

/** Every field a submit may send, by name (see `fieldWireSchema`). */
export const submitWireShape = (def: ResourceDef): Record<string, z.ZodType> =>
  Object.fromEntries(formFields(def).map((f) => [f.name, fieldWireSchema(f)]));

/** Converts a stored value to its wire form (money cents to `"12.50"`). */
export function toWire(f: FieldDef, value: unknown): unknown {
  if (f.kind === 'money' && typeof value === 'number') return formatMoney(value);
  return value;
}
