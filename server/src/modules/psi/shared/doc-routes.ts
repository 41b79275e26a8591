import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  defaultAccess,
  emptyData,
  fill,
  messages,
  MAX_QUANTITY,
  type Access,
  type Lang,
  type ResourceDef,
} from '@psi/db/model';
import { psiMessages, type DocumentDef } from '@psi/db/model/psi/index';
import { prepareNumbers } from '../../../core/data';
import { tableMeta } from '../../../core/table-meta';
import { ok } from '../../../core/envelope';
import { ApiError, forbidden } from '../../../core/errors';
import { allows } from '../../../core/access';
import { actorOf, crudRoutes, queryId, scopedRowSchema, submitCodes } from '../../../core/crud';
import {
  answers,
  emptyOrIdValue,
  formBody,
  idValue as recordId,
  integerValue,
  submitBody,
} from '../../../core/route-schemas';
import { typed } from '../../../core/schema';
import { findOne, listAll, wire } from '../../../core/scoped-list';
import { big, fail, tx, type PsiActor, type PsiEnv } from './env';
import {
  discountValue,
  headerSchema,
  idValue,
  intValue,
  invalid,
  liveEnv,
  mustHave,
  parseBody,
  psiActor,
  psiCrud,
  textValue,
  write,
} from './http';
import type { AuditInput } from './docs';
import type { PsiSpec } from './specs';
import { accessOf } from './rules';

/**
 * The HTTP side every PSI document shares: request schemas of lines and bodies, the header
 * endpoints (crud, the named submit action, approvals) and the line endpoints.
 */

type Dict = Record<string, unknown>;

const present = (v: unknown) => v !== undefined && v !== null;

export const qtyMessage = (def: ResourceDef, lang: Lang, name = 'quantity') => invalid(def, name, lang);

export const remarkLine = (lang: Lang) =>
  textValue(fill(messages.tooLong[lang], { label: 'remark', max: 255 }), 255);

/** A required whole number of copies, at least `min`. */
export const copiesValue = (message: string, min: number) =>
  mustHave(intValue(message, MAX_QUANTITY)).refine((v) => v !== undefined && v >= min, { message });

/** A required id of a line body. */
export const lineIdValue = (message: string) => mustHave(idValue(message)).refine(present, { message });

/** An order line: a book and its copies (and the purchase discount on a 采购入库单). */
export function goodsLine(def: ResourceDef, lang: Lang, withDiscount: boolean) {
  const goods = fill(messages.requiredSelect[lang], {
    label: def.fields.find((f) => f.name === 'goodsId')!.label[lang],
  });
  return {
    goodsId: lineIdValue(goods),
    quantity: copiesValue(qtyMessage(def, lang), 1),
    remark: remarkLine(lang),
    ...(withDiscount ? { discount: discountValue(psiMessages.discountInvalid[lang]) } : {}),
  };
}

const clean = <T extends Dict>(v: T) =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>;

/** A value of a line or a form call: one scalar (the parse of the route says which it must be). */
const lineValue = z.union([z.string(), z.number(), z.boolean(), z.null()], { error: 'paramType' });

export const described = (shape: Record<string, string>) =>
  Object.fromEntries(Object.entries(shape).map(([k, d]) => [k, lineValue.optional().describe(d)]));

/** A document's lines in a submit body (absent: keep the lines on an edit). */
export const detailsField = (line: Record<string, string>) =>
  z
    .array(z.looseObject(described(line)))
    .optional()
    .describe("the document's lines (absent: unchanged)");

export const VERSION = 'the version read (optimistic lock)';
/** The version a client read: the number, or its text as a form sends it. */
export const versionValue = integerValue({ minimum: 0 }).nullable().optional().describe(VERSION);
const orderLine = { goodsId: 'the book', quantity: 'copies', remark: 'a note' };
export const orderBody = (line: Record<string, string> = {}) => ({
  version: versionValue,
  details: detailsField({ ...orderLine, ...line }),
});
export const auditBody = formBody(
  described({
    id: 'the document',
    pass: 'true to pass, false to send back',
    auditRemark: "the reviewer's note",
    version: VERSION,
  }),
);

/** The parsed audit body as the services take it. */
export const auditInput = (body: {
  id?: string;
  pass: boolean;
  auditRemark?: string | null;
  version?: number;
}): AuditInput => ({ id: body.id!, pass: body.pass, auditRemark: body.auditRemark, version: body.version });

/** A named action (`submitPurchaseOrder`, …) admits the add or edit codes by the presence of `id`. */
function requireSubmitButton(app: FastifyInstance, req: FastifyRequest, def: ResourceDef, hasId: boolean) {
  const codes = submitCodes(def);
  if (!allows(app, actorOf(req), { button: hasId ? codes.edit : codes.add })) throw forbidden();
}

/** A document as the caller sees it after a write. */
export const docDetail = (app: FastifyInstance, req: FastifyRequest, spec: PsiSpec, id: string) =>
  findOne(app.ctx.sqlite, spec, psiActor(app, req), id);

const action = <B extends z.ZodType>(spec: PsiSpec, access: Access, body: B) => ({
  config: { access },
  schema: { body, response: answers.maybe(scopedRowSchema(spec)) },
});

interface DocumentConfig<I> {
  spec: PsiSpec;
  /** the submit body as the contract describes it */
  body: z.ZodRawShape;
  /** the named submit action (`…/submitPurchaseOrder`) */
  submitUrl: string;
  schema: (lang: Lang) => z.ZodType;
  save: (env: PsiEnv, actor: PsiActor, input: I) => { id: string };
  remove: (env: PsiEnv, actor: PsiActor, ids: string[]) => void;
}

/**
 * A document's header endpoints: the CRUD routes of its resource and its named submit action, both
 * saving through the one service and answering the saved document.
 */
export function documentRoutes<I>(app: FastifyInstance, cfg: DocumentConfig<I>) {
  const env = liveEnv(app);
  const def = cfg.spec.def;
  const submit = (req: FastifyRequest, body: Dict) => {
    const input = parseBody(cfg.schema(req.lang), body) as I;
    const saved = cfg.save(env, psiActor(app, req), input);
    return docDetail(app, req, cfg.spec, saved.id);
  };
  crudRoutes(app, cfg.spec, {
    ...psiCrud(app),
    body: cfg.body,
    submit: (req, _id, body) => submit(req, body),
    remove: (req, ids) => cfg.remove(env, psiActor(app, req), ids),
  });
  typed(app).post(
    cfg.submitUrl,
    action(cfg.spec, defaultAccess(def).submit, submitBody(def, cfg.body)),
    async (req) => {
      requireSubmitButton(app, req, def, !!req.body.id);
      return ok(await write(app, () => submit(req, req.body)), req.lang);
    },
  );
}

/** Transitions of a document kind as its declaration states them. */
export interface Takes {
  doc: DocumentDef;
  /** the transitions the route takes (an audit: its pass and its reject) */
  actions: readonly string[];
}

interface ApprovalConfig<B extends { id?: string }> {
  url: string;
  spec: PsiSpec;
  /** the route admits the buttons of these transitions' `who`; the service guards their `from` */
  takes: Takes;
  /** the body as the contract describes it */
  body: z.ZodType;
  schema: (lang: Lang) => z.ZodType<B>;
  approve: (env: PsiEnv, actor: PsiActor, body: B) => void;
}

/**
 * An approval step (audit, storage, delivery, or any transition a declaration adds): one write,
 * answering the document after it. Who may call it is the declared `who` of its transitions.
 */
export function approvalRoute<B extends { id?: string }>(app: FastifyInstance, cfg: ApprovalConfig<B>) {
  const env = liveEnv(app);
  const access = accessOf(cfg.takes.doc, ...cfg.takes.actions);
  typed(app).post(cfg.url, action(cfg.spec, access, cfg.body), async (req) => {
    const body = parseBody(cfg.schema(req.lang), req.body);
    const saved = await write(app, () => {
      cfg.approve(env, psiActor(app, req), body);
      return docDetail(app, req, cfg.spec, body.id!);
    });
    return ok(saved, req.lang);
  });
}

interface LineConfig<I extends Dict> {
  spec: PsiSpec;
  /** `listByOrderId`-style read of one header's lines */
  listUrl: string;
  listAccess: Access;
  /** the query names of the header id (the seed's `pirchaseId` spelling too) */
  listNames: string[];
  /** the body key of the header id (its column is the line table's) */
  parentKey: string;
  shape: (lang: Lang) => z.ZodRawShape;
  current: (env: PsiEnv, parentId: string) => { lineId: string; input: I }[];
  resubmit: (env: PsiEnv, actor: PsiActor, parentId: string, details: I[]) => void;
}

/** A document's line endpoints: the list of one header's lines, and the line changes. */
export function lineEndpoints<I extends Dict>(app: FastifyInstance, cfg: LineConfig<I>) {
  const meta = tableMeta(cfg.spec.table);
  const tables = { lineTable: meta.name, parentColumn: meta.byKey.get(cfg.parentKey)!.sql };
  linesRoute(app, cfg, tables);
  lineRoutes(app, cfg, tables);
}

/** Where the lines live: their table and the column of the header id. */
interface LineTables {
  lineTable: string;
  parentColumn: string;
}

/**
 * `listByOrderId`-style reads: the live lines of one visible header, in `sort` order. The header id
 * may come under any of `listNames`.
 */
function linesRoute<I extends Dict>(app: FastifyInstance, cfg: LineConfig<I>, tables: LineTables) {
  const query = z.looseObject(
    Object.fromEntries(
      // one name is required; of several (the seed's `pirchaseId` spelling too) any one will do
      cfg.listNames.map((n) => [
        n,
        (cfg.listNames.length === 1 ? recordId : recordId.optional()).describe(
          'the document whose lines to list',
        ),
      ]),
    ),
  );
  typed(app).get(
    cfg.listUrl,
    {
      config: { access: cfg.listAccess },
      schema: { querystring: query, response: answers.list(scopedRowSchema(cfg.spec)) },
    },
    async (req) => {
      const parentId = queryId(req.query, cfg.listNames);
      const rows = listAll(app.ctx.sqlite, cfg.spec, psiActor(app, req), {}, 5000, {
        sql: `"${tables.parentColumn}" = ?`,
        params: [BigInt(parentId)],
      });
      return ok(
        rows.map((r) => wire(cfg.spec.def, r)),
        req.lang,
      );
    },
  );
}

/**
 * Line endpoints (`…detail/submit|save|update|remove`): a line change is a re-submit of its
 * header with the changed line list, so every header rule (editable status, scope, duplicates,
 * open quantities, totals) applies to single-line edits too.
 */
function lineRoutes<I extends Dict>(app: FastifyInstance, cfg: LineConfig<I>, tables: LineTables) {
  const env = liveEnv(app);
  const parentOf = (actor: PsiActor, lineId: string): string => {
    const row = prepareNumbers<{ parent: string }, [bigint, string]>(
      env.sqlite,
      `SELECT CAST(${tables.parentColumn} AS TEXT) AS parent FROM ${tables.lineTable}
       WHERE id = ? AND tenant_id = ? AND is_deleted = 0`,
    ).get(big(lineId), actor.tenantId);
    if (!row) throw new ApiError(400, 400, messages.recordNotFound);
    return row.parent;
  };
  const editLine = (actor: PsiActor, id: string, partial: Partial<I>) =>
    tx(env, () => {
      const parent = parentOf(actor, id);
      const lines = cfg
        .current(env, parent)
        .map((l) => (l.lineId === id ? { ...l.input, ...clean(partial as Dict) } : l.input));
      cfg.resubmit(env, actor, parent, lines as I[]);
    });
  const addLine = (actor: PsiActor, parent: string, line: Dict) =>
    tx(env, () => {
      const lines = cfg.current(env, parent).map((l) => l.input);
      cfg.resubmit(env, actor, parent, [...lines, clean(line) as I]);
    });
  const removeLines = (actor: PsiActor, ids: string[]) =>
    tx(env, () => {
      const byParent = new Map<string, Set<string>>();
      for (const id of ids) {
        const parent = parentOf(actor, id);
        if (!byParent.has(parent)) byParent.set(parent, new Set());
        byParent.get(parent)!.add(id);
      }
      for (const [parent, gone] of byParent) {
        const rest = cfg.current(env, parent).filter((l) => !gone.has(l.lineId));
        if (!rest.length) throw fail('keepOneLine');
        cfg.resubmit(
          env,
          actor,
          parent,
          rest.map((l) => l.input),
        );
      }
    });
  crudRoutes(app, cfg.spec, {
    ...psiCrud(app),
    submitted: emptyData,
    body: { [cfg.parentKey]: emptyOrIdValue.optional().describe('the document a new line joins') },
    submit: (req, id, body) => {
      const actor = psiActor(app, req);
      const shape = cfg.shape(req.lang);
      if (id) {
        editLine(actor, id, parseBody(z.object(shape).partial(), body) as Partial<I>);
        return undefined;
      }
      const parentMsg = fill(messages.paramMissing[req.lang], { name: cfg.parentKey });
      const parentId = mustHave(idValue(parentMsg)).refine((v) => !!v, { message: parentMsg });
      const full = parseBody(z.object({ ...shape, [cfg.parentKey]: parentId }), body) as Dict;
      const { [cfg.parentKey]: parent, ...line } = full;
      addLine(actor, parent as string, line);
      return undefined;
    },
    remove: (req, ids) => removeLines(psiActor(app, req), ids),
  });
}

/** The body of a school order (征订单, 配送单): who orders for whom, where to, and its lines. */
export const schoolOrderSchema = (def: ResourceDef, lineDef: ResourceDef, lang: Lang) =>
  headerSchema(
    def,
    lang,
    {
      schoolId: 'id',
      depositoryId: 'id',
      term: 'text',
      receiverName: 'text',
      receiverPhone: 'text',
      receiverAddress: 'text',
      remark: 'text',
    },
    ['term'],
    goodsLine(lineDef, lang, false),
  );

/** Stored order lines as a line change re-submits them. */
export const goodsLineInputs = (
  lines: { id: string; goodsId: string; quantity: number; remark: string | null }[],
) =>
  lines.map((l) => ({ lineId: l.id, input: { goodsId: l.goodsId, quantity: l.quantity, remark: l.remark } }));

/** A ledger: listed and read like any resource, appended by the postings only. */
export const ledgerRoutes = (app: FastifyInstance, spec: PsiSpec) =>
  crudRoutes(app, spec, { ...psiCrud(app), readOnly: () => fail('ledgerReadOnly') });
