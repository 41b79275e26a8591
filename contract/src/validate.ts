import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { operationsOf, escapePointer, type OpenApiDocument, type Operation } from './document';

/** One place where an answer differs from the document. */
export interface Violation {
  /** `GET /blade-system/param/list` */
  route: string;
  /** JSON path of the value, array indexes folded: `$.data.records[*].paramName` */
  path: string;
  expected: string;
  seen: string;
}

const DOC_ID = 'contract:openapi';

/** The two shapes of a Blade refusal (CONTRACT.md sections 2 and 5). */
const BLADE_ERROR = {
  anyOf: [
    {
      type: 'object',
      required: ['code', 'success', 'data', 'msg'],
      properties: {
        code: { type: 'integer', minimum: 400 },
        success: { const: false },
        msg: { type: 'string' },
      },
    },
    {
      type: 'object',
      required: ['error_code', 'error_description'],
      properties: { error_code: { type: 'integer' }, error_description: { type: 'string' } },
    },
  ],
};

/**
 * Checks answers against an OpenAPI 3.1 document with Ajv's JSON Schema 2020-12 validator. The
 * whole document is registered once so `$ref`s into its components resolve; each operation's
 * response schema is compiled on first use.
 */
export class ContractValidator {
  readonly operations: Operation[];
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction | null>();

  constructor(readonly doc: OpenApiDocument) {
    this.operations = operationsOf(doc);
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema({ ...doc, $id: DOC_ID } as object);
  }

  /** The documented operation a call hits (path without the server prefix), if any. */
  find(method: string, pathname: string): Operation | undefined {
    const m = method.toUpperCase();
    return this.operations.find((o) => o.method === m && o.matches(pathname));
  }

  /**
   * The violations of one answer, or null when the route is not documented. A status the operation
   * does not document is itself a violation; a documented status without a JSON schema checks nothing.
   */
  check(method: string, pathname: string, status: number, body: unknown): Violation[] | null {
    const op = this.find(method, pathname);
    if (!op) return null;
    const route = `${op.method} ${op.path}`;
    const responses = op.op.responses ?? {};
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key && status >= 400 && status < 500) return this.checkBladeError(route, body);
    // a refusal inside HTTP 200 (the public line's habit: `R.fail`, code 401 without a token) is a
    // refusal, not a success answer with the wrong data
    if (status === 200 && isRefusal(body)) return this.checkBladeError(route, body);
    if (!key)
      return [
        {
          route,
          path: '$',
          expected: `HTTP ${Object.keys(responses).join(' | ') || '(none documented)'}`,
          seen: `HTTP ${status}`,
        },
      ];
    const validate = this.validatorFor(op, key);
    if (!validate) return [];
    // no JSON body: fine where the status also documents another media type (a file, a stream, beside
    // the public line's JSON refusal in HTTP 200)
    if (body === undefined)
      return Object.keys(op.op.responses?.[key]?.content ?? {}).some((t) => !t.includes('json'))
        ? []
        : [{ route, path: '$', expected: 'a JSON body', seen: 'no JSON body' }];
    if (validate(body)) return [];
    return dedupe((validate.errors ?? []).map((e) => toViolation(route, e, body)));
  }

  /**
   * A refusal the document does not describe still has the shape CONTRACT.md gives every refusal: the
   * envelope with `success: false`, or the token endpoint's `{error_code, error_description}`.
   */
  private checkBladeError(route: string, body: unknown): Violation[] {
    this.bladeError ??= this.ajv.compile(BLADE_ERROR);
    if (this.bladeError(body)) return [];
    return [
      { route, path: '$', expected: 'a Blade refusal (envelope or error_description)', seen: short(body) },
    ];
  }

  private bladeError?: ValidateFunction;

  private validatorFor(op: Operation, status: string): ValidateFunction | null {
    const id = `${op.pointer}/${status}`;
    if (!this.compiled.has(id)) {
      const content = op.op.responses?.[status]?.content ?? {};
      const type = Object.keys(content).find((t) => t.includes('json'));
      const fn =
        type && content[type]?.schema !== undefined
          ? this.ajv.compile({
              $ref: `${DOC_ID}${op.pointer}/responses/${escapePointer(status)}/content/${escapePointer(type)}/schema`,
            })
          : null;
      this.compiled.set(id, fn);
    }
    return this.compiled.get(id) ?? null;
  }
}

function isRefusal(body: unknown): boolean {
  const b = body as { code?: unknown; success?: unknown } | null;
  return !!b && typeof b === 'object' && b.success === false && typeof b.code === 'number' && b.code >= 400;
}

function toViolation(route: string, e: ErrorObject, body: unknown): Violation {
  const segments = e.instancePath.split('/').slice(1).map(unescape);
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required')
    return {
      route,
      path: jsonPath([...segments, String(params.missingProperty)]),
      expected: 'required',
      seen: 'missing',
    };
  if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
    const name = String(params.additionalProperty ?? params.unevaluatedProperty);
    return { route, path: jsonPath([...segments, name]), expected: 'not documented', seen: 'present' };
  }
  const value = valueAt(body, segments);
  if (e.keyword === 'type')
    return {
      route,
      path: jsonPath(segments),
      expected: `type ${String(params.type)}`,
      seen: `${kindOf(value)} ${short(value)}`,
    };
  return {
    route,
    path: jsonPath(segments),
    expected: `${e.keyword}: ${e.message ?? ''}`,
    seen: short(value),
  };
}

function unescape(s: string) {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `$.data.records[*].name`: array indexes are folded so one drift counts once per field. */
export function jsonPath(segments: string[]): string {
  let out = '$';
  for (const s of segments)
    out += /^\d+$/.test(s) ? '[*]' : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `['${s}']`;
  return out;
}

function valueAt(body: unknown, segments: string[]): unknown {
  let v: unknown = body;
  for (const s of segments) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[s] : undefined;
  return v;
}

function kindOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

function short(v: unknown): string {
  const s = v === undefined ? 'undefined' : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

function dedupe(list: Violation[]): Violation[] {
  const seen = new Set<string>();
  return list.filter((v) => {
    const k = `${v.path}\u0000${v.expected}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
