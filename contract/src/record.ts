import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseBladeLine, type BladeLine } from '@psi/db/model/line';
import {
  RECORDED_KINDS,
  ROLE_GRANTS_FIELD,
  SECRET_PLACEHOLDER,
  TOP_MENU_MENUS_FIELD,
  type RecordedKind,
  type RecordedRow,
  type RecordingManifest,
} from '@psi/db/model/recording';
import { LineAuth } from './auth';
import { loadDocument } from './document';
import { ContractClient } from './http';
import { isRecord, Kit, Refusal, type Dict, type RunOptions } from './kit';
import { detectLine, LINE_DOCUMENTS } from './line';
import { ContractValidator } from './validate';

const USAGE = `pnpm contract record --base-url <gateway> --tenant <id> --account <a> --password <p>
  --user-password <password every recorded user gets> --out <dir> [--captcha <code>]
  [--line bladex|springblade|auto] [--sm2-public-key <04…>] [--client-id saber --client-secret saber_secret]`;

export interface RecordOptions {
  baseUrl: string;
  line: BladeLine;
  tenant: string;
  account: string;
  password: string;
  captcha?: string;
  sm2PublicKey?: string;
  clientId: string;
  clientSecret: string;
  userPassword: string;
  lang: string;
}

export interface Recording {
  manifest: RecordingManifest;
  kinds: Partial<Record<RecordedKind, RecordedRow[]>>;
}

/** Values a source must never hand to a recording, whatever its answers carry. */
const NEVER_RECORDED = new Set(['password', 'clientSecret']);

/** A tree answer (`children` nested) as a flat list of its nodes. */
function flatten(rows: unknown[]): RecordedRow[] {
  const out: RecordedRow[] = [];
  const visit = (node: unknown) => {
    if (!isRecord(node)) return;
    const { children, ...row } = node;
    out.push(row);
    if (Array.isArray(children)) children.forEach(visit);
  };
  rows.forEach(visit);
  return out;
}

const byId = (key: string) => (a: RecordedRow, b: RecordedRow) => {
  const x = String(a[key] ?? '');
  const y = String(b[key] ?? '');
  // decimal ids compare by length first, so the order is numeric
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
};

/** Reads a tenant's system data through the documented GET routes of its line, signed in the line's way. */
class TenantRecorder {
  private readonly kit: Kit;
  private readonly auth: LineAuth;
  private token = '';
  private readonly notRecorded: Partial<Record<RecordedKind, string>> = {};

  constructor(
    private readonly opts: RecordOptions,
    validator: ContractValidator,
  ) {
    const basic = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
    const http = new ContractClient(opts.baseUrl, validator, basic, opts.lang);
    const runOptions: RunOptions = { ...opts, readOnly: true, demoPassword: '' };
    this.kit = new Kit(runOptions, http, validator);
    this.auth = new LineAuth(this.kit);
  }

  async record(): Promise<Recording> {
    const { opts } = this;
    const session = await this.auth.signIn(opts.tenant, opts.account, opts.password, opts.captcha);
    if (session.failed !== undefined)
      throw new Error(`sign-in of ${opts.tenant}/${opts.account} failed: ${session.failed}`);
    this.token = session.access;
    const kinds: Partial<Record<RecordedKind, RecordedRow[]>> = {};
    const take = async (kind: RecordedKind, read: () => Promise<RecordedRow[]>) => {
      const rows = await this.guarded(kind, read);
      if (rows) kinds[kind] = rows;
    };
    const mine = (rows: RecordedRow[]) => rows.filter((r) => String(r.tenantId) === opts.tenant);
    const tenantQuery = { tenantId: opts.tenant };

    await take('tenant', async () =>
      mine(await this.paged('/blade-system/tenant/list', tenantQuery)).slice(0, 1),
    );
    await take('menus', () => this.tree('/blade-system/menu/list', {}));
    await take('dataScopes', () => this.paged('/blade-system/data-scope/list', {}));
    await take('apiScopes', () => this.paged('/blade-system/api-scope/list', {}));
    await take('roles', async () => {
      const roles = mine(await this.tree('/blade-system/role/list', tenantQuery));
      for (const role of roles) role[ROLE_GRANTS_FIELD] = await this.grantsOf(String(role.id));
      return roles;
    });
    await take('depts', async () => mine(await this.tree('/blade-system/dept/list', tenantQuery)));
    await take('posts', async () => mine(await this.paged('/blade-system/post/list', tenantQuery)));
    await take('dicts', () => this.tree('/blade-system/dict/list', {}));
    await take('dictBiz', async () => mine(await this.tree('/blade-system/dict-biz/list', tenantQuery)));
    await take('params', () => this.paged('/blade-system/param/list', {}));
    await take('topMenus', async () => {
      const tops = mine(await this.paged('/blade-system/topmenu/list', {}));
      for (const top of tops) {
        const keys = await this.get<Dict>('/blade-system/menu/top-tree-keys', { topMenuIds: String(top.id) });
        top[TOP_MENU_MENUS_FIELD] = Array.isArray(keys.menu) ? keys.menu.map(String) : [];
      }
      return tops;
    });
    await take('regions', () => this.paged('/blade-system/region/list', {}));
    await take('clients', async () =>
      (await this.paged('/blade-system/client/list', {})).map((c) => ({
        ...c,
        clientSecret: SECRET_PLACEHOLDER,
      })),
    );
    await take('users', async () => mine(await this.paged('/blade-system/user/list', tenantQuery)));

    for (const [kind, rows] of Object.entries(kinds) as [RecordedKind, RecordedRow[]][]) {
      const clean = rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).filter(([k]) => !NEVER_RECORDED.has(k) || row[k] === SECRET_PLACEHOLDER),
        ),
      );
      kinds[kind] = clean.sort(byId(kind === 'regions' ? 'code' : 'id'));
    }
    const counts = Object.fromEntries(Object.entries(kinds).map(([k, rows]) => [k, rows.length]));
    return {
      manifest: {
        source: opts.baseUrl,
        line: opts.line,
        tenant: opts.tenant,
        account: opts.account,
        recordedAt: new Date().toISOString(),
        userPassword: opts.userPassword,
        counts,
        notRecorded: this.notRecorded,
      },
      kinds,
    };
  }

  /**
   * One kind's rows; a route the line does not document, or one the source refuses this account, is
   * noted in the manifest rather than failing the whole recording.
   */
  private async guarded(kind: RecordedKind, read: () => Promise<RecordedRow[]>) {
    try {
      return await read();
    } catch (e) {
      if (!(e instanceof Refusal || e instanceof NotDocumented)) throw e;
      this.notRecorded[kind] = e.message;
      return undefined;
    }
  }

  private async get<T>(route: string, query: Record<string, string>): Promise<T> {
    if (!this.kit.documented('GET', route))
      throw new NotDocumented(`GET ${route} is not documented on ${this.opts.line}`);
    return this.kit.ok<T>('GET', route, { token: this.token, query });
  }

  private async tree(route: string, query: Record<string, string>): Promise<RecordedRow[]> {
    const data = await this.get<unknown>(route, query);
    if (!Array.isArray(data)) throw new Refusal(`GET ${route}: the answer is not a list`);
    return flatten(data);
  }

  /** Every page of a paged list (`current`, `size`), until the total is reached or a page is short. */
  private async paged(route: string, query: Record<string, string>): Promise<RecordedRow[]> {
    const size = 500;
    const rows: RecordedRow[] = [];
    for (let current = 1; ; current++) {
      const page = await this.get<Dict>(route, { ...query, current: String(current), size: String(size) });
      const records = Array.isArray(page.records) ? page.records.filter(isRecord) : [];
      rows.push(...records);
      const total = typeof page.total === 'number' ? page.total : Number(page.total);
      if (records.length < size || rows.length >= total) return rows;
    }
  }

  private async grantsOf(roleId: string) {
    const keys = await this.get<Dict>('/blade-system/menu/role-tree-keys', { roleIds: roleId });
    // in the source's order, so the replay answers the keys in the same order
    const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
    return { menu: list(keys.menu), dataScope: list(keys.dataScope), apiScope: list(keys.apiScope) };
  }
}

class NotDocumented extends Error {}

/**
 * Writes a recording as one folder: a sibling folder is filled first and renamed into place, so a
 * failed run leaves nothing behind and a finished one replaces an earlier recording whole.
 */
function writeRecording(out: string, recording: Recording): void {
  if (fs.existsSync(out) && fs.readdirSync(out).length && !fs.existsSync(path.join(out, 'manifest.json')))
    throw new Error(`${out} exists and is not a recording: name another --out`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const staging = fs.mkdtempSync(`${out}.partial-`);
  try {
    for (const [kind, rows] of Object.entries(recording.kinds) as [RecordedKind, RecordedRow[]][])
      fs.writeFileSync(path.join(staging, RECORDED_KINDS[kind]), `${JSON.stringify(rows, null, 2)}\n`);
    fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(recording.manifest, null, 2)}\n`);
    fs.rmSync(out, { recursive: true, force: true });
    fs.renameSync(staging, out);
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw e;
  }
}

/** `pnpm contract record …`: exit 0 with the folder written, 1 with a message and nothing written. */
export async function recordCommand(argv: string[], fromCaller: (p: string) => string): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      line: { type: 'string', default: 'auto' },
      tenant: { type: 'string', default: '000000' },
      account: { type: 'string' },
      password: { type: 'string' },
      captcha: { type: 'string' },
      'sm2-public-key': { type: 'string' },
      'client-id': { type: 'string', default: 'saber' },
      'client-secret': { type: 'string', default: 'saber_secret' },
      'user-password': { type: 'string' },
      out: { type: 'string' },
      lang: { type: 'string', default: 'zh' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const required = ['base-url', 'account', 'password', 'user-password', 'out'] as const;
  if (values.help || required.some((k) => !values[k])) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const baseUrl = values['base-url']!;
  try {
    const line =
      values.line === 'auto' ? await detectLine(baseUrl) : parseBladeLine('--line', values.line, 'bladex');
    const validator = new ContractValidator(await loadDocument(LINE_DOCUMENTS[line]));
    const recorder = new TenantRecorder(
      {
        baseUrl,
        line,
        tenant: values.tenant!,
        account: values.account!,
        password: values.password!,
        captcha: values.captcha,
        sm2PublicKey: values['sm2-public-key'] || process.env.BLADE_SM2_PUBLIC_KEY?.trim() || undefined,
        clientId: values['client-id']!,
        clientSecret: values['client-secret']!,
        userPassword: values['user-password']!,
        lang: values.lang!,
      },
      validator,
    );
    const recording = await recorder.record();
    const out = fromCaller(values.out!);
    writeRecording(out, recording);
    const counts = Object.entries(recording.manifest.counts).map(([k, n]) => `${k} ${n}`);
    console.log(`record: ${baseUrl} (${line}, tenant ${values.tenant}) → ${out}: ${counts.join(', ')}`);
    for (const [kind, why] of Object.entries(recording.manifest.notRecorded))
      console.log(`record: ${kind} not recorded: ${why}`);
    return 0;
  } catch (e) {
    console.error(`record: ${describe(e, baseUrl)}; nothing was written`);
    return 1;
  }
}

function describe(e: unknown, baseUrl: string): string {
  if (!(e instanceof Error)) return String(e);
  // fetch's own "fetch failed" says nothing: its cause names the refusal
  if (e.message === 'fetch failed' || e.name === 'TimeoutError')
    return `${baseUrl} is unreachable (${e.cause instanceof Error ? e.cause.message : e.message})`;
  return e.message;
}
