import { z } from 'zod';
import { lineHasRoute, type BladeLine } from '@psi/db/model';
import { authRoutesAnswer, unauthorizedAnswer } from './line';

/**
 * The OpenAPI document of a Blade line, from the document of this server's routes: `bladex` is the
 * routes as they are; `springblade` keeps only the routes the public line has (`lineHasRoute`),
 * documents its unauthenticated answer (HTTP 200, code 401) beside every answer that needs a token,
 * marks optional what the public line leaves out of its rows and required what it cannot do without.
 * Served at `GET /v3/api-docs?line=…` and committed per line (`contract/openapi*.json`).
 */

type Json = Record<string, unknown>;

const AUDIT = ['createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'status'];
/** Every field of a row but its `id`: the public line's thin list views. */
const ALL_BUT_ID = '*';

/**
 * What the public line's rows lack (measured on SpringBlade 4.10): optional there. `widen` also lets a
 * field be a number (the dictionary's placeholder ids, `-1`).
 */
const PUBLIC_LINE_OPTIONAL: { path: RegExp; fields: string[] | typeof ALL_BUT_ID; widen?: boolean }[] = [
  // no audit fields on role, dept, dict, menu and code rows
  { path: /^\/blade-system\/(role|dept|dict|menu)\//, fields: AUDIT },
  { path: /^\/blade-develop\/code\//, fields: AUDIT },
  // the notice list is its Summary view, the error log list a few columns
  { path: /^\/blade-desk\/notice\/list$/, fields: ALL_BUT_ID },
  { path: /^\/blade-log\/error\/list$/, fields: ALL_BUT_ID },
  { path: /^\/blade-system\/user\//, fields: ['userType', 'userExt', 'statusName'] },
  { path: /^\/blade-system\/menu\//, fields: ['nameEn'] },
  { path: /^\/blade-system\/dict\//, fields: ['dictValueEn', 'isSealed'] },
  { path: /^\/blade-system\/dict\/dictionary$/, fields: ['id', 'parentId'], widen: true },
  {
    path: /^\/blade-system\/tenant\//,
    fields: ['backgroundUrl', 'accountNumber', 'expireTime', 'packageId', 'datasourceId', 'licenseKey'],
  },
];

/** Query parameters the public line cannot do without (it fails when they are absent). */
const PUBLIC_LINE_REQUIRED: Record<string, string[]> = {
  '/blade-system/dict/dictionary': ['code'],
  '/blade-system/menu/role-tree-keys': ['roleIds'],
  '/blade-system/menu/top-tree-keys': ['topMenuIds'],
  '/blade-system/region/detail': ['code'],
};

/** Answers whose shape differs by line (the document of the other line takes its own). */
const LINE_ANSWERS: Record<string, Record<BladeLine, z.ZodType>> = {
  '/blade-system/menu/auth-routes': authRoutesAnswer,
};

const UNAUTHORIZED = 'Unauthorized';
/** The envelope's own components: never a row. */
const ENVELOPE = new Set(['R', 'Page', 'Empty', UNAUTHORIZED]);

const jsonSchemaOf = (schema: z.ZodType): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return rest as Json;
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each schema object with `properties` below `node`, following `$ref`s into the components once. */
function eachObject(node: unknown, doc: Json, visit: (schema: Json) => void, seen = new Set<unknown>()) {
  if (!isObject(node) || seen.has(node)) return;
  seen.add(node);
  const ref = typeof node.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(node.$ref)?.[1] : null;
  if (ref) {
    if (!ENVELOPE.has(ref)) eachObject(componentsOf(doc)[ref], doc, visit, seen);
    return;
  }
  if (isObject(node.properties)) {
    visit(node);
    for (const p of Object.values(node.properties)) eachObject(p, doc, visit, seen);
  }
  eachObject(node.items, doc, visit, seen);
  eachObject(node.additionalProperties, doc, visit, seen);
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(node[key])) for (const s of node[key] as unknown[]) eachObject(s, doc, visit, seen);
}

const componentsOf = (doc: Json): Json => {
  const components = (doc.components ??= {}) as Json;
  return (components.schemas ??= {}) as Json;
};

type Operation = {
  security?: Json[];
  parameters?: { in: string; name: string; required?: boolean }[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

const operationsOf = (doc: Json) =>
  Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.values(item).map((op) => ({ path, op })),
  );

/** The data schema of an operation's enveloped 200 answer, where the route schemas put it. */
function dataOf(op: Operation): Json | null {
  const schema = op.responses?.['200']?.content?.['application/json']?.schema;
  const parts = isObject(schema) && Array.isArray(schema.allOf) ? (schema.allOf as unknown[]) : [];
  const own = parts.find((p) => isObject(p) && isObject(p.properties) && 'data' in p.properties);
  return isObject(own) ? (own.properties as Json) : null;
}

function markOptional(doc: Json, path: string, op: Operation) {
  for (const rule of PUBLIC_LINE_OPTIONAL) {
    if (!rule.path.test(path)) continue;
    eachObject(op.responses?.['200']?.content?.['application/json']?.schema, doc, (schema) => {
      const props = schema.properties as Json;
      if (rule.fields === ALL_BUT_ID && !('id' in props)) return;
      const fields = rule.fields === ALL_BUT_ID ? Object.keys(props).filter((k) => k !== 'id') : rule.fields;
      if (Array.isArray(schema.required))
        schema.required = (schema.required as string[]).filter((k) => !fields.includes(k));
      if (rule.widen)
        for (const f of fields)
          if (isObject(props[f]) && !JSON.stringify(props[f]).includes('"integer"'))
            props[f] = { anyOf: [props[f], { type: 'integer' }] };
    });
  }
}

/** The public line's answer without a valid token, beside the 200 answer of every route needing one. */
function documentUnauthorized(op: Operation) {
  const needsToken = op.security?.some((s) => 'Blade-Auth' in s);
  const ok = op.responses?.['200'];
  if (!needsToken || !ok) return;
  const ref = { $ref: `#/components/schemas/${UNAUTHORIZED}` };
  const content = (ok.content ??= {});
  const json = content['application/json'];
  content['application/json'] = json?.schema
    ? { ...json, schema: { anyOf: [json.schema, ref] } }
    : { schema: ref };
}

/** The document of `line` from the document of this server's routes (of line `own`); a copy. */
export function documentForLine(source: unknown, line: BladeLine, own: BladeLine): Json {
  const doc = structuredClone(source) as Json;
  doc.info = { ...(doc.info as Json), 'x-blade-line': line };
  if (line !== own)
    for (const [path, answers] of Object.entries(LINE_ANSWERS)) {
      const item = (doc.paths as Record<string, Record<string, Operation>>)[path];
      for (const op of Object.values(item ?? {})) {
        const data = dataOf(op);
        if (data) data.data = jsonSchemaOf(answers[line]);
      }
    }
  if (line === 'bladex') return doc;

  const paths = doc.paths as Json;
  for (const path of Object.keys(paths)) if (!lineHasRoute(line, path)) delete paths[path];
  doc.info = {
    ...(doc.info as Json),
    description:
      'The public SpringBlade line of the Blade wire contract (what SpringBlade 4.10 serves, plus the ' +
      'business modules a PSI built on it adds). Every answer is the envelope `R`. Sign in with ' +
      '`POST /blade-auth/token` (Basic client; `grantType`, `tenantId`, `account` and the password ' +
      'SM2-encrypted, cipher mode 0, with the public key the client is configured with) and send ' +
      '`Blade-Auth: bearer <accessToken>`. A route that needs a token answers HTTP 200 with ' +
      '`{"code":401,"success":false,"data":null,"msg":"请求未授权"}` without a valid one.',
  };
  componentsOf(doc)[UNAUTHORIZED] = jsonSchemaOf(unauthorizedAnswer);
  for (const { path, op } of operationsOf(doc)) {
    markOptional(doc, path, op);
    documentUnauthorized(op);
    for (const p of op.parameters ?? [])
      if (p.in === 'query' && PUBLIC_LINE_REQUIRED[path]?.includes(p.name)) p.required = true;
  }
  // the document's tags: those its operations still use
  const used = new Set(operationsOf(doc).flatMap(({ op }) => (op as { tags?: string[] }).tags ?? []));
  doc.tags = ((doc.tags as { name: string }[] | undefined) ?? []).filter((t) => used.has(t.name));
  return doc;
}
