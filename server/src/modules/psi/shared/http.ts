import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  fill,
  messages,
  parseId,
  parseInteger,
  parseMoney,
  requiredMessage,
  type FieldDef,
  type Lang,
  type ResourceDef,
} from '@psi/db/model';
import { parseDiscount } from '@psi/db/model/psi/index';
import { actorOf, type CrudOptions } from '../../../core/crud';
import { validationError } from '../../../core/validation';
import { commitTogether } from '../../../core/write-batcher';
import { fail, resolveActor, type PsiActor, type PsiEnv } from './env';

const actors = new WeakMap<FastifyRequest, PsiActor>();

/** The caller's PSI role and bindings, resolved once per request. */
export function psiActor(app: FastifyInstance, req: FastifyRequest): PsiActor {
  let a = actors.get(req);
  if (!a) actors.set(req, (a = resolveActor(app.ctx.sqlite, actorOf(req))));
  return a;
}

export const liveEnv = (app: FastifyInstance): PsiEnv => ({ sqlite: app.ctx.sqlite, now: () => new Date() });

/** zod issues → one 400 naming every problem. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

// --- value schemas with the product's messages -------------------------------------------------

const label = (def: ResourceDef, name: string, lang: Lang) =>
  def.fields.find((f) => f.name === name)?.label[lang] ?? name;

const fieldOf = (def: ResourceDef, name: string): FieldDef =>
  def.fields.find((f) => f.name === name) ?? { name, kind: 'text', label: { zh: name, en: name } };

export const invalid = (def: ResourceDef, name: string, lang: Lang) =>
  fill(messages.invalidValue[lang], { label: label(def, name, lang) });

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A value the body spells as text or a number, read by `parse` (null: not readable); empty → undefined. */
const parsedValue = <T>(parse: (v: string | number) => T | null, message: string) =>
  z.preprocess(
    (v) => (empty(v) ? undefined : v),
    z
      .union([z.string(), z.number()], { error: message })
      .transform((v, ctx) => {
        const parsed = parse(v);
        if (parsed === null) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
  );

/** An id (string or number); empty → undefined. */
export const idValue = (message: string) => parsedValue((v) => parseId(v) || null, message);

/**
 * A value the body must carry. zod skips the refinements of an optional schema when the key is
 * absent, so a missing key is turned into `null` first: the schema's own "required" refinement then
 * runs and names the field (instead of an undefined value reaching the service).
 */
export const mustHave = <T extends z.ZodType<unknown, unknown>>(schema: T) =>
  z
    .unknown()
    .transform((v): unknown => (v === undefined ? null : v))
    .pipe(schema as unknown as z.ZodType<z.output<T>, unknown>);

/** Optional text up to `max` characters; empty → null. */
export const textValue = (message: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : empty(v) ? null : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).trim().max(max, message).nullable().optional(),
  );

/**
 * A whole number: a JSON integer or a string of plain decimal digits (`parseInteger`), at most `max`
 * (quantities: `MAX_QUANTITY`).
 */
export const intValue = (message: string, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    (v) =>
      empty(v)
        ? undefined
        : typeof v === 'string' || typeof v === 'number'
          ? (parseInteger(v) ?? Number.NaN)
          : v,
    z.number({ error: message }).int(message).max(max, message).optional(),
  );

export const boolValue = (message: string) =>
  z.preprocess(
    (v) => {
      if (v === true || v === 1 || v === '1' || v === 'true') return true;
      if (v === false || v === 0 || v === '0' || v === 'false') return false;
      return v;
    },
    z.boolean({ error: message }),
  );

const versionValue = (lang: Lang) => intValue(fill(messages.paramType[lang], { name: 'version' }));

/** A request schema built once per language (building a zod schema costs more than using it). */
export function perLang<T>(build: (lang: Lang) => T): (lang: Lang) => T {
  const cache = new Map<Lang, T>();
  return (lang) => {
    let v = cache.get(lang);
    if (v === undefined) cache.set(lang, (v = build(lang)));
    return v;
  };
}

const idAndVersion = (lang: Lang) => ({
  id: mustHave(idValue(fill(messages.paramType[lang], { name: 'id' }))).refine((v) => !!v, {
    message: fill(messages.paramMissing[lang], { name: 'id' }),
  }),
  version: versionValue(lang),
});

const remarkValue = (lang: Lang, name: string) =>
  textValue(fill(messages.tooLong[lang], { label: name, max: 255 }), 255);

/** `{id, pass, auditRemark, version?}` of the audit approvals. */
export const auditSchema = perLang((lang: Lang) =>
  z.object({
    ...idAndVersion(lang),
    pass: boolValue(fill(messages.paramType[lang], { name: 'pass' })),
    auditRemark: remarkValue(lang, 'auditRemark'),
  }),
);

export const storageBody = perLang((lang: Lang) =>
  z.object({ ...idAndVersion(lang), storageRemark: remarkValue(lang, 'storageRemark') }),
);

export const deliverBody = perLang((lang: Lang) =>
  z.object({ ...idAndVersion(lang), deliveryRemark: remarkValue(lang, 'deliveryRemark') }),
);

const detailsMessage = (lang: Lang) => fill(messages.paramType[lang], { name: 'details' });

/** `details` of an order body: an array of line objects (absent = keep the lines on an edit). */
const detailsValue = <T extends z.ZodRawShape>(lang: Lang, shape: T) =>
  z
    .array(z.object(shape), { error: detailsMessage(lang) })
    .max(2000, detailsMessage(lang))
    .optional();

/** A header body of a declared document: the declared form fields plus id, version and details. */
export function headerSchema<T extends z.ZodRawShape>(
  def: ResourceDef,
  lang: Lang,
  fields: Record<string, 'id' | 'text' | 'int' | 'date'>,
  required: string[],
  details: T,
) {
  const shape: Record<string, z.ZodType> = {
    id: idValue(fill(messages.paramType[lang], { name: 'id' })),
    version: versionValue(lang),
    details: detailsValue(lang, details),
  };
  for (const [name, kind] of Object.entries(fields)) {
    const f = fieldOf(def, name);
    const msg = invalid(def, name, lang);
    shape[name] =
      kind === 'id'
        ? idValue(msg)
        : kind === 'int'
          ? intValue(msg)
          : kind === 'date'
            ? textValue(msg, 10).refine(
                (v) => v === undefined || v === null || /^\d{4}-\d{2}-\d{2}$/.test(v),
                msg,
              )
            : textValue(
                f.maxLength ? fill(messages.tooLong[lang], { label: f.label[lang], max: f.maxLength }) : msg,
                f.maxLength ?? 500,
              ).refine(
                (v) => !f.pattern || v === undefined || v === null || new RegExp(f.pattern.regex).test(v),
                f.pattern ? f.pattern.message[lang] : msg,
              );
  }
  return z.object(shape).superRefine((body, ctx) => {
    if (body.id) return;
    for (const name of required)
      if (empty(body[name]))
        ctx.addIssue({ code: 'custom', path: [name], message: requiredMessage(fieldOf(def, name), lang) });
  });
}

/** A procurement discount from the body: `0.72` / `"0.7200"` → 7200. */
export const discountValue = (message: string) => parsedValue(parseDiscount, message);

/** Money from the body (`"1000.00"`, `1000`) → cents. */
export const moneyValue = (message: string) => parsedValue(parseMoney, message);

/** Runs a PSI write through the group commit of this database; resolves after the commit. */
export function write<T>(app: FastifyInstance, fn: () => T): Promise<T> {
  // PSI_GROUP_COMMIT=0 commits each write on its own (for measuring the difference)
  if (process.env.PSI_GROUP_COMMIT === '0') {
    try {
      return Promise.resolve(app.ctx.sqlite.transaction(fn).immediate());
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return commitTogether(app.ctx.sqlite, fn);
}

/**
 * The hooks of the CRUD core for PSI resources: the caller's PSI actor for the row scopes, writes
 * through the group commit, and a row hidden by the data scope refused as a missing document.
 */
export const psiCrud = (
  app: FastifyInstance,
): Pick<CrudOptions<PsiActor>, 'actor' | 'commit' | 'hidden'> => ({
  actor: (req) => psiActor(app, req),
  commit: (fn) => write(app, fn),
  hidden: () => fail('docNotFound'),
});
