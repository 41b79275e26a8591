import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Database from 'better-sqlite3';
import { region as regionTable } from '@psi/db/schema';
import { regionResource, submitSchema, t } from '@psi/db/model';
import { done, ok } from '../../core/envelope';
import { badRequest } from '../../core/errors';
import { listPage, tenantFilterOfSuperAdminOnly, type ListSpec } from '../../core/scoped-list';
import { prepare } from '../../core/data';
import { actorOf } from '../../core/crud';
import { cachedAnswer } from '../../core/answer-cache';
import { toWireRow } from '../../core/serialize';
import { validationError } from '../../core/validation';
import { treeNode } from './menu-service';
import { bodyOf, crudTexts, param, requireButton, requirePlatform } from '../../core/crud';
import { z } from 'zod';
import { treeNodeSchema } from '@psi/db/model';
import {
  answers,
  formParams,
  listQuery,
  missingOrType,
  rowShape,
  submitBody,
} from '../../core/route-schemas';
import { typed } from '../../core/schema';

/** A region code as `codeOf` reads it: up to 12 digits (plain spaces around). */
const REGION_CODE = /^ *[0-9]{1,12} *$/;
const codeQuery = (name: string, what: string, { required = false } = {}) => {
  const code = z.string().regex(REGION_CODE, { error: missingOrType }).describe(what);
  return z.looseObject({ [name]: required ? code : z.union([z.literal(''), code]).optional() });
};

/** The region list through the list engine (regions belong to no tenant; the key is the code). */
const regionListSpec: ListSpec = {
  def: regionResource,
  table: regionTable,
  narrow: tenantFilterOfSuperAdminOnly,
};

const texts = {
  codeParam: t('请输入区划编号', 'Please enter the region code'),
  missing: t('行政区划不存在', 'The region does not exist'),
  parentMissing: t('上级区划不存在', 'The parent region does not exist'),
  codePrefix: t('区划编号须以上级区划编号开头', 'The code must start with the parent region code'),
  tooDeep: t('区划层级不能超过村委', 'Regions go no deeper than villages'),
  root: t('顶级', 'Top level'),
};

const LEVELS = ['province', 'city', 'district', 'town', 'village'] as const;
const COLUMNS = `code, parent_code AS parentCode, ancestors, name, province_code AS provinceCode, province_name AS provinceName,
  city_code AS cityCode, city_name AS cityName, district_code AS districtCode, district_name AS districtName,
  town_code AS townCode, town_name AS townName, village_code AS villageCode, village_name AS villageName, level, sort, remark`;

type RegionRow = Record<string, unknown> & { code: string; parentCode: string; name: string; level: number };

const regionRow = (r: Record<string, unknown>): RegionRow => ({
  ...r,
  code: String(r.code),
  parentCode: String(r.parentCode),
  name: String(r.name),
  level: Number(r.level),
  sort: Number(r.sort),
});

const codeOf = (raw: string | undefined, name: string): string => {
  if (!raw) throw badRequest('paramMissing', { name });
  if (!/^\d{1,12}$/.test(raw)) throw badRequest('paramType', { name });
  return raw;
};

function findRegion(sqlite: Database.Database, code: string): RegionRow | undefined {
  const row = prepare<Record<string, unknown>, [string]>(
    sqlite,
    `SELECT ${COLUMNS} FROM blade_region WHERE code = ?`,
  ).get(code);
  return row ? regionRow(row) : undefined;
}

/**
 * Updates an existing region's name (in every row below it too), sort and remark; or adds one under
 * its parent, deriving code, level, ancestors and the province…village columns from the parent.
 */
function writeRegion(
  sqlite: Database.Database,
  code: string,
  existing: RegionRow | undefined,
  v: Record<string, unknown>,
): void {
  if (existing) {
    const sets = (['name', 'sort', 'remark'] as const).filter((k) => v[k] !== undefined);
    if (!sets.length) return;
    const columns: Record<string, string> = { name: 'name', sort: 'sort', remark: 'remark' };
    if (sets.includes('name')) {
      const level = LEVELS[existing.level - 1];
      if (level) {
        prepare(sqlite, `UPDATE blade_region SET ${level}_name = ? WHERE ${level}_code = ?`).run(
          v.name,
          code,
        );
      }
    }
    prepare(
      sqlite,
      `UPDATE blade_region SET ${sets.map((k) => `${columns[k]} = ?`).join(', ')} WHERE code = ?`,
    ).run(...sets.map((k) => v[k] ?? null), code);
    return;
  }
  const parentCode = String(v.parentCode);
  const parent = findRegion(sqlite, parentCode);
  if (!parent) throw badRequest(texts.parentMissing);
  if (!String(v.code).startsWith(parent.code === '00' ? '' : parent.code) || v.code === parent.code)
    throw badRequest(texts.codePrefix);
  const level = parent.level + 1;
  if (level > LEVELS.length) throw badRequest(texts.tooDeep);
  const row: Record<string, unknown> = {
    code: v.code,
    parent_code: parent.code,
    ancestors: parent.code === '00' ? '00' : `${String(parent.ancestors)},${parent.code}`,
    name: v.name,
    level,
    sort: v.sort ?? 1,
    remark: v.remark ?? null,
  };
  LEVELS.forEach((name, i) => {
    row[`${name}_code`] = i + 1 === level ? v.code : (parent[`${name}Code`] ?? null);
    row[`${name}_name`] = i + 1 === level ? v.name : (parent[`${name}Name`] ?? null);
  });
  const keys = Object.keys(row);
  prepare(
    sqlite,
    `INSERT INTO blade_region (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
  ).run(...keys.map((k) => row[k]));
}

/** Which of `codes` have children. */
function parentsAmong(sqlite: Database.Database, codes: string[]): Set<string> {
  if (!codes.length) return new Set<string>();
  const rows = prepare<{ p: string }>(
    sqlite,
    `SELECT DISTINCT parent_code AS p FROM blade_region WHERE parent_code IN (${codes.map(() => '?').join(',')})`,
  ).all(...codes);
  return new Set(rows.map((r) => r.p));
}

const childrenOf = (sqlite: Database.Database, parentCode: string) =>
  prepare<Record<string, unknown>, [string]>(
    sqlite,
    `SELECT ${COLUMNS} FROM blade_region WHERE parent_code = ? ORDER BY sort, code`,
  )
    .all(parentCode)
    .map(regionRow);

export function regionRoutes(app: FastifyInstance) {
  const sqlite = app.ctx.sqlite;
  const def = regionResource;
  const find = (code: string) => findRegion(sqlite, code);
  const childParents = (codes: string[]) => parentsAmong(sqlite, codes);
  const children = (parentCode: string) => childrenOf(sqlite, parentCode);
  /** The children of a parent, each drawn with whether it has children of its own. */
  const withHasChildren = <T>(rows: RegionRow[], draw: (r: RegionRow) => T) => {
    const parents = childParents(rows.map((r) => r.code));
    return rows.map((r) => ({ ...draw(r), hasChildren: parents.has(r.code) }));
  };
  /** A signed-in user's list of a region's children (`00` China, the default, gives the provinces). */
  const childrenRoute = (
    url: string,
    name: string,
    item: z.ZodType,
    answer: (rows: RegionRow[]) => unknown[],
  ) =>
    app.get(
      url,
      {
        config: { access: 'user' },
        schema: {
          querystring: codeQuery(name, 'the parent region (default 00, China)'),
          response: answers.list(item),
        },
      },
      async (req) => {
        const code = param(req, name) || '00';
        if (!/^\d{1,12}$/.test(code)) throw badRequest('paramType', { name });
        return ok(answer(children(code)), req.lang);
      },
    );

  // a region's key is its code; rows carry every column of the table
  const row = z.looseObject(rowShape(def, regionTable));
  typed(app).get(
    `${def.api}/list`,
    {
      config: { access: { menu: 'region' } },
      schema: { querystring: listQuery(def), response: answers.page(row) },
    },
    async (req, reply) =>
      cachedAnswer(app, req, reply, () =>
        ok(listPage(sqlite, regionListSpec, actorOf(req), req.query), req.lang),
      ),
  );

  app.get(
    `${def.api}/lazy-list`,
    {
      config: { access: { menu: 'region' } },
      schema: {
        querystring: codeQuery('parentCode', 'the parent region (default 00, China)'),
        response: answers.list(row.extend({ hasChildren: z.boolean() })),
      },
    },
    async (req) =>
      ok(
        withHasChildren(children(param(req, 'parentCode') || '00'), (r) => toWireRow(r, def)),
        req.lang,
      ),
  );

  /** TreeNodes of a region's children (`00` China gives the provinces), with a real `hasChildren`. */
  childrenRoute(`${def.api}/lazy-tree`, 'parentCode', treeNodeSchema, (rows) =>
    withHasChildren(rows, (r) => treeNode(r.code, r.parentCode, r.name)),
  );

  childrenRoute(`${def.api}/select`, 'code', row, (rows) => rows.map((r) => toWireRow(r, def)));

  app.get(
    `${def.api}/detail`,
    {
      config: { access: { menu: 'region' } },
      schema: {
        querystring: codeQuery('code', 'the region code', { required: true }),
        response: answers.maybe(row.extend({ parentName: z.string() })),
      },
    },
    async (req) => {
      const row = find(codeOf(param(req, 'code'), 'code'));
      if (!row) return ok(null, req.lang);
      const parent = row.parentCode === '0' ? undefined : find(row.parentCode);
      return ok({ ...toWireRow(row, def), parentName: parent?.name ?? texts.root[req.lang] }, req.lang);
    },
  );

  /** Physical removal by code (`id`); a region with children stays. */
  app.post(
    `${def.api}/remove`,
    {
      config: { access: { button: 'region_delete' } },
      schema: {
        ...formParams({ id: 'the region code', code: 'the region code (when id is absent)' }),
        response: answers.done(),
      },
    },
    async (req) => {
      requirePlatform(actorOf(req));
      const code = codeOf(param(req, 'id') ?? param(req, 'code'), 'id');
      sqlite.transaction(() => {
        if (childParents([code]).size) throw badRequest(crudTexts.hasChildren);
        if (!prepare(sqlite, 'DELETE FROM blade_region WHERE code = ?').run(code).changes)
          throw badRequest(texts.missing);
      })();
      return done(req.lang);
    },
  );

  /**
   * Adds a region under its parent (code, level, ancestors and the province…village columns derived
   * from the parent), or, when the code exists, updates its name, sort and remark.
   */
  app.post(
    `${def.api}/submit`,
    {
      config: { access: { button: ['region_add', 'region_edit'] } },
      schema: {
        body: submitBody(def, {
          code: z.union([z.string(), z.number()]).optional().describe('the region code'),
        }),
        response: answers.done(),
      },
    },
    async (req: FastifyRequest) => {
      const user = actorOf(req);
      requirePlatform(user);
      const body = bodyOf(req);
      const code =
        typeof body.code === 'string' || typeof body.code === 'number' ? String(body.code).trim() : '';
      const existing = code ? find(code) : undefined;
      const mode = existing ? 'edit' : 'add';
      requireButton(app, user, `region_${mode}`);
      const parsed = submitSchema(def, req.lang, mode).safeParse(body);
      if (!parsed.success) throw validationError(parsed.error);
      const v = parsed.data as Record<string, unknown>;
      sqlite.transaction(() => writeRegion(sqlite, code, existing, v))();
      return done(req.lang);
    },
  );
}
