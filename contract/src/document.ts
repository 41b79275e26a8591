import fs from 'node:fs';

/** The parts of an OpenAPI 3.1 document the runner and the proxy read. */
export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, OperationObject | unknown>>;
  components?: Record<string, unknown>;
}

export interface OperationObject {
  operationId?: string;
  tags?: string[];
  parameters?: ParameterObject[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

export interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string | string[]; enum?: unknown[]; example?: unknown; default?: unknown };
  example?: unknown;
}

/** One documented operation: method, templated path and the matcher for concrete paths. */
export interface Operation {
  method: string;
  path: string;
  pointer: string;
  op: OperationObject;
  matches: (pathname: string) => boolean;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/** The operations of a document, static paths first so `/user/info` wins over `/user/{id}`. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, unknown>)[method] as OperationObject | undefined;
      if (!op) continue;
      const templated = path.includes('{');
      const re = templated
        ? new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`)
        : null;
      ops.push({
        method: method.toUpperCase(),
        path,
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        op,
        matches: re ? (p) => re.test(p) : (p) => p === path,
      });
    }
  }
  return ops.sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The path prefix of the document's first server (`/api`), without a trailing slash. */
export function serverPrefix(doc: OpenApiDocument): string {
  const url = doc.servers?.[0]?.url ?? '';
  const path = /^https?:\/\//.test(url) ? new URL(url).pathname : url;
  return path.replace(/\/+$/, '');
}

/** Reads a document from a file or an http(s) URL; throws with the reason when neither works. */
export async function loadDocument(source: string, init?: { headers?: Record<string, string> }) {
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source, { headers: init?.headers, signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`${source}: HTTP ${res.status}`);
    return checkDocument(await res.json(), source);
  }
  return checkDocument(JSON.parse(fs.readFileSync(source, 'utf8')), source);
}

export function checkDocument(value: unknown, source: string): OpenApiDocument {
  const doc = value as OpenApiDocument;
  if (!doc || typeof doc !== 'object' || typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1'))
    throw new Error(`${source} is not an OpenAPI 3.1 document`);
  if (!doc.paths || typeof doc.paths !== 'object') throw new Error(`${source} has no paths`);
  return doc;
}
