import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Database from 'better-sqlite3';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { dict as dictTable, dictBiz as dictBizTable } from '@psi/db/schema';
import { dictBizResource, dictKeyMessage, dictResource, parseId, t, type ResourceDef } from '@psi/db/model';
import { ok } from '../../core/envelope';
import { ApiError, badRequest } from '../../core/errors';
import { prepare } from '../../core/data';
import { listPage, tenantFilterOfSuperAdminOnly, type ListSpec } from '../../core/scoped-list';
import { actorOf } from '../../core/crud';
import { cachedAnswer } from '../../core/answer-cache';
import { forest, toWireRow } from '../../core/serialize';
import { treeNode, type TreeNode } from './menu-service';
import { crudRoutes, param, refuseWithChildren, type SaveContext } from '../../core/crud';
import { treeNodeSchema } from '@psi/db/model';
import { answers, idValue, listQuery, rowSchema, textQuery, requiredParam } from '../../core/route-schemas';
import { typed } from '../../core/schema';

/** `dictKey` is a number in the system dictionary (numeric keys), text in the business one. */
const dictKeyValue = z.union([z.string(), z.number()]).describe('a number in dictionaries with numeric keys');

const dictTexts = {
  sealed: t('该字典已封存，不可修改或删除', 'The entry is sealed: it cannot be changed or removed'),
  keyTaken: t('当前字典键值已存在!', 'The dictionary key already exists!'),
  codeTaken: t('当前字典编号已存在!', 'The dictionary code already exists!'),
  keyNumeric: t('系统字典键值须为整数', 'A system dictionary key is an integer'),
  parentNotRoot: t('上级字典须为字典本身', 'The parent must be a dictionary, not an entry'),
  parentMissing: t('上级字典不存在!', 'The parent dictionary does not exist!'),
  root: t('顶级', 'Top level'),
};

interface DictFlavour {
  def: ResourceDef;
  table: SQLiteTable;
  sql: string;
  platform: boolean;
  numericKey: boolean;
}

/** A key as the wire sends it: a number in dictionaries with numeric keys. */
const wireKey = (numericKey: boolean, key: unknown) =>
  numericKey && /^-?\d+$/.test(String(key)) ? Number(key) : key;

const rowWire = (def: ResourceDef, numericKey: boolean) => (r: Record<string, unknown>) => {
  const w = toWireRow(r, def);
  return { ...w, dictKey: wireKey(numericKey, w.dictKey) };
};

/** The rules of a dictionary or an entry: sealed ones stay, codes and keys unique, entries under a dictionary. */
function checkDictSave(sqlite: Database.Database, f: DictFlavour, ctx: SaveContext): void {
  const { values, existing, mode, tenantId } = ctx;
  const def = f.def;
  if (existing && Number(existing.isSealed) === 1) {
    // a sealed entry may only be unsealed
    const changes = Object.keys(values).filter((k) => values[k] !== undefined && values[k] !== existing[k]);
    if (changes.some((k) => k !== 'isSealed')) throw new ApiError(400, 400, dictTexts.sealed);
  }
  const parentId = String(values.parentId ?? existing?.parentId ?? '0');
  if (parseId(parentId) === null) throw badRequest('paramType', { name: 'parentId' });
  if (mode === 'add') values.parentId = parentId;
  const scope = def.tenant === 'none' ? '' : ' AND tenant_id = ?';
  const scopeParams = def.tenant === 'none' ? [] : [tenantId];
  if (parentId === '0') {
    values.dictKey = '-1';
    const code = (values.code ?? existing?.code) as string;
    const taken = prepare(
      sqlite,
      `SELECT 1 FROM ${f.sql} WHERE is_deleted = 0 AND parent_id = 0 AND code = ?${scope}${existing ? ' AND id <> ?' : ''}`,
    ).get(code, ...scopeParams, ...(existing ? [BigInt(String(existing.id))] : []));
    if (taken) throw badRequest(dictTexts.codeTaken);
    return;
  }
  const parent = prepare<{ id: bigint; code: string; parentId: bigint }>(
    sqlite,
    `SELECT id, code, parent_id AS parentId FROM ${f.sql} WHERE is_deleted = 0 AND id = ?${scope}`,
  ).get(BigInt(parentId), ...scopeParams);
  if (!parent) throw badRequest(dictTexts.parentMissing);
  if (String(parent.parentId) !== '0' || (existing && parentId === String(existing.id)))
    throw badRequest(dictTexts.parentNotRoot);
  // an entry shares its dictionary's code; its key is required and unique in the dictionary
  values.code = parent.code;
  const key = values.dictKey ?? existing?.dictKey;
  if (key === undefined || key === null || String(key).trim() === '' || String(key) === '-1') {
    if (mode === 'add' || values.dictKey !== undefined) throw badRequest(dictKeyMessage);
  }
  const dictKey = String(key ?? '').trim();
  if (f.numericKey && !/^\d{1,9}$/.test(dictKey)) throw badRequest(dictTexts.keyNumeric);
  values.dictKey = dictKey;
  const taken = prepare(
    sqlite,
    `SELECT 1 FROM ${f.sql} WHERE is_deleted = 0 AND parent_id = ? AND dict_key = ?${scope}${existing ? ' AND id <> ?' : ''}`,
  ).get(BigInt(parentId), dictKey, ...scopeParams, ...(existing ? [BigInt(String(existing.id))] : []));
  if (taken) throw badRequest(dictTexts.keyTaken);
}

/** Sealed entries are never removed, nor dictionaries with entries. */
function refuseSealedRemoval(app: FastifyInstance, f: DictFlavour, ids: string[]): void {
  const sqlite = app.ctx.sqlite;
  if (!ids.length) return;
  const sealed = prepare(
    sqlite,
    `SELECT 1 FROM ${f.sql} WHERE is_sealed = 1 AND is_deleted = 0 AND id IN (${ids.map(() => '?').join(',')}) LIMIT 1`,
  ).get(...ids.map((i) => BigInt(i)));
  if (sealed) throw new ApiError(400, 400, dictTexts.sealed);
  refuseWithChildren(app, f.sql, ids);
}

/** A dictionary entry as selects get it. */
const entry = z.object({
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  dictKey: dictKeyValue,
  dictValue: z.string(),
  dictValueEn: z.string().optional().describe('the English label (absent when none is kept)'),
  sort: z.number(),
  remark: z.string(),
  isSealed: z.number(),
});

function dictRoutes(app: FastifyInstance, f: DictFlavour) {
  const sqlite = app.ctx.sqlite;
  const { def } = f;
  const tenantSql = (req: FastifyRequest) =>
    def.tenant === 'none'
      ? { sql: '', params: [] as unknown[] }
      : { sql: ' AND tenant_id = ?', params: [actorOf(req).tenantId] };
  const wire = rowWire(def, f.numericKey);

  const parentNames = (req: FastifyRequest) => {
    const scope = tenantSql(req);
    const rows = prepare<{ id: bigint; v: string; en: string | null }>(
      sqlite,
      `SELECT id, dict_value AS v, dict_value_en AS en FROM ${f.sql} WHERE is_deleted = 0 AND parent_id = 0${scope.sql}`,
    ).all(...scope.params);
    return new Map(rows.map((r) => [String(r.id), req.lang === 'en' && r.en ? r.en : r.v]));
  };

  crudRoutes(
    app,
    { def: def, table: f.table },
    {
      list: 'forest',
      platform: f.platform,
      decorated: {
        dictKey: z.union([z.string(), z.number()]).describe('a number in dictionaries with numeric keys'),
        parentName: z.string(),
      },
      decorate: (rows, req) => {
        const names = parentNames(req);
        return rows.map((r) => ({
          ...r,
          dictKey: wireKey(f.numericKey, r.dictKey),
          parentName: r.parentId === '0' ? dictTexts.root[req.lang] : (names.get(String(r.parentId)) ?? ''),
        }));
      },
      beforeSave: (ctx) => checkDictSave(sqlite, f, ctx),
      beforeRemove: (ids) => refuseSealedRemoval(app, f, ids),
    },
  );

  // the dictionaries (parent 0) and the entries of one dictionary, through the list engine
  const dictionaries: ListSpec = {
    def,
    table: f.table,
    narrow: tenantFilterOfSuperAdminOnly,
    scope: () => ({ sql: '"parent_id" = 0', params: [] }),
  };
  const entries: ListSpec = {
    def,
    table: f.table,
    narrow: tenantFilterOfSuperAdminOnly,
    filters: ({ parentId, ...rest }) => ({
      where: { clauses: ['"parent_id" = ?'], params: [BigInt(parseId(parentId) ?? '0')] },
      rest,
    }),
  };
  const pageOf = (req: FastifyRequest, spec: ListSpec, query: Record<string, unknown>) => {
    const page = listPage(sqlite, spec, actorOf(req), query);
    return { ...page, records: page.records.map(wire) };
  };

  const row = rowSchema(def, f.table, { dictKey: dictKeyValue });
  const api = typed(app);
  api.get(
    `${def.api}/parent-list`,
    {
      config: { access: { menu: def.permission } },
      schema: { querystring: listQuery(def), response: answers.page(row) },
    },
    async (req, reply) =>
      cachedAnswer(app, req, reply, () => ok(pageOf(req, dictionaries, req.query), req.lang)),
  );

  api.get(
    `${def.api}/child-list`,
    {
      config: { access: { button: [def.permission, `${def.permission}_config`] } },
      schema: {
        querystring: listQuery(def).extend({
          parentId: idValue.describe('the dictionary whose entries to list'),
        }),
        response: answers.page(row),
      },
    },
    async (req, reply) => {
      const raw = param(req, 'parentId');
      if (!raw) throw badRequest('paramMissing', { name: 'parentId' });
      const parentId = parseId(raw);
      if (!parentId) throw badRequest('paramType', { name: 'parentId' });
      return cachedAnswer(app, req, reply, () =>
        ok(pageOf(req, entries, { ...req.query, parentId }), req.lang),
      );
    },
  );

  /** Every dictionary with its entries as TreeNodes (`code=DICT` is Saber's root; another code narrows). */
  app.get(
    `${def.api}/tree`,
    {
      config: { access: { button: [def.permission, `${def.permission}_config`] } },
      schema: {
        querystring: textQuery({ code: 'one dictionary (DICT or none: all)' }),
        response: answers.list(treeNodeSchema),
      },
    },
    async (req) => {
      const code = param(req, 'code');
      const scope = tenantSql(req);
      const narrow = code && code !== 'DICT';
      const rows = prepare<{ id: bigint; parentId: bigint; v: string; en: string | null }>(
        sqlite,
        `SELECT id, parent_id AS parentId, dict_value AS v, dict_value_en AS en FROM ${f.sql} WHERE is_deleted = 0${scope.sql}${narrow ? ' AND code = ?' : ''} ORDER BY sort, id`,
      ).all(...scope.params, ...(narrow ? [code] : []));
      const title = (r: (typeof rows)[number]) => (req.lang === 'en' && r.en ? r.en : r.v);
      return ok(
        forest(rows.map((r) => treeNode(String(r.id), String(r.parentId), title(r)))) as TreeNode[],
        req.lang,
      );
    },
  );

  /** A dictionary's entries for selects, sorted by `sort`; any signed-in user. */
  app.get(
    `${def.api}/dictionary`,
    {
      config: { access: 'user' },
      schema: {
        querystring: textQuery({ code: requiredParam('the dictionary code') }),
        response: answers.list(entry),
      },
    },
    async (req) => {
      const code = param(req, 'code');
      if (!code) throw badRequest('paramMissing', { name: 'code' });
      const scope = tenantSql(req);
      const rows = prepare<Record<string, unknown>>(
        sqlite,
        `SELECT id, parent_id AS parentId, code, dict_key AS dictKey, dict_value AS dictValue, dict_value_en AS dictValueEn, sort, remark, is_sealed AS isSealed
       FROM ${f.sql} WHERE is_deleted = 0 AND parent_id <> 0 AND code = ?${scope.sql} ORDER BY sort, id`,
      ).all(code, ...scope.params);
      return ok(
        rows.map((r) => ({
          id: String(r.id),
          parentId: String(r.parentId),
          code: r.code,
          dictKey: wireKey(f.numericKey, String(r.dictKey)),
          dictValue: r.dictValue,
          ...(r.dictValueEn ? { dictValueEn: r.dictValueEn } : {}),
          sort: Number(r.sort),
          remark: r.remark ?? '',
          isSealed: Number(r.isSealed),
        })),
        req.lang,
      );
    },
  );
}

export function dictionaryRoutes(app: FastifyInstance) {
  dictRoutes(app, {
    def: dictResource,
    table: dictTable,
    sql: 'blade_dict',
    platform: true,
    numericKey: true,
  });
  dictRoutes(app, {
    def: dictBizResource,
    table: dictBizTable,
    sql: 'blade_dict_biz',
    platform: false,
    numericKey: false,
  });
}
