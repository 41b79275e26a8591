import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { call, login, md5 } from '../helpers';

export const ADMIN_ROLE = '1123598816738675201';
export const ROOT_DEPT = '1123598813738675201';
export const OPS_DEPT = '1123598813738675202';
export const FIN_DEPT = '1123598813738675203';
export const CEO_POST = '1123598817738675201';

export type Client = (opts: InjectOptions) => Promise<LightMyRequestResponse>;

/** A caller bound to a token. */
export const as =
  (app: FastifyInstance, token: string | null): Client =>
  (opts) =>
    call(app, token, opts);

export const get = (c: Client, url: string, headers: Record<string, string> = {}) =>
  c({ method: 'GET', url, headers });
export const post = (c: Client, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  c({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });

/** The envelope's data of a successful call (fails the test with the body otherwise). */
export function data<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { code: number; success: boolean; data: T };
  expect(body.code, res.body).toBe(200);
  return body.data;
}

/** A refused call: status, envelope code and (part of) the message. */
export function refused(res: LightMyRequestResponse, status: number, code: number, msg?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { code: number; success: boolean; msg: string };
  expect(body.code, res.body).toBe(code);
  expect(body.success).toBe(false);
  if (msg !== undefined) expect(body.msg).toContain(msg);
  return body;
}

export async function adminClient(app: FastifyInstance): Promise<Client> {
  return as(app, (await login(app)).token);
}

/** Menu ids by code. */
export function menuIds(app: FastifyInstance, codes: string[]): string[] {
  const rows = app.ctx.sqlite
    .prepare(
      `SELECT id, code FROM blade_menu WHERE is_deleted = 0 AND code IN (${codes.map(() => '?').join(',')})`,
    )
    .all(...codes) as { id: bigint; code: string }[];
  const byCode = new Map(rows.map((r) => [r.code, String(r.id)]));
  return codes.map((c) => {
    const id = byCode.get(c);
    if (!id) throw new Error(`no menu ${c}`);
    return id;
  });
}

/** Creates a role (in the admin's tenant unless `tenantId`) through the API and returns its id. */
export async function createRole(
  admin: Client,
  app: FastifyInstance,
  roleAlias: string,
  tenantId?: string,
): Promise<string> {
  data(
    await post(admin, '/api/blade-system/role/submit', {
      roleName: `角色${roleAlias}`,
      roleAlias,
      sort: 5,
      ...(tenantId ? { tenantId } : {}),
    }),
  );
  const row = app.ctx.sqlite
    .prepare('SELECT id FROM blade_role WHERE role_alias = ? AND tenant_id = ? AND is_deleted = 0')
    .get(roleAlias, tenantId ?? '000000') as { id: bigint };
  return String(row.id);
}

/** Creates a user through the API and returns its id. */
export async function createUser(
  admin: Client,
  app: FastifyInstance,
  fields: Record<string, unknown> & { account: string },
): Promise<string> {
  data(
    await post(admin, '/api/blade-user/submit', {
      name: fields.account,
      realName: fields.account,
      password: md5('secret1'),
      roleId: ADMIN_ROLE,
      deptId: ROOT_DEPT,
      ...fields,
    }),
  );
  const row = app.ctx.sqlite
    .prepare('SELECT id FROM blade_user WHERE account = ? AND tenant_id = ? AND is_deleted = 0')
    .get(fields.account, (fields.tenantId as string | undefined) ?? '000000') as { id: bigint };
  return String(row.id);
}

/** A multipart body with one `file` part (and optional text fields before it). */
export function multipart(
  filename: string,
  content: Buffer,
  contentType = 'application/octet-stream',
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----psi${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A valid 1×1 png. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Flattens a forest to the ids of its nodes. */
export function idsOf(nodes: { id: string; children?: unknown[] }[]): string[] {
  return nodes.flatMap((n) => [n.id, ...idsOf((n.children ?? []) as { id: string; children?: unknown[] }[])]);
}

/** Leaf codes of the buttons forest (the web's permission map). */
export function leafCodes(nodes: { code: string; children?: unknown[] }[]): string[] {
  return nodes.flatMap((n) =>
    n.children ? leafCodes(n.children as { code: string; children?: unknown[] }[]) : [n.code],
  );
}
