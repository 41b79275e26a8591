import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { withScratchApp } from './scratch-app';
import type { RouteInfo } from './core/context';
import {
  BLADE_LINES,
  faultResource,
  lineHasRoute,
  resources,
  type Access,
  type BladeLine,
  type ResourceDef,
} from '@psi/db/model';
import { PSI_DOCUMENTS } from '@psi/db/model/psi/index';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_SRC = path.join(REPO, 'server', 'src');
const THIS_FILE = fileURLToPath(import.meta.url);

/** The committed route index: one row per route, searched by menu code, URL segment or kind key. */
export const ROUTE_INDEX_FILE = path.join(REPO, 'docs', 'routes.md');

/** The gateway prefix; the index writes API paths without it, as the OpenAPI document does. */
const API_PREFIX = '/api';

/**
 * The settings that add routes: a route first met in a variant other than the plain one is marked
 * with the setting it needs. Proxy mode (`BLADE_UPSTREAM`) forwards `/api` and is not indexed.
 */
const VARIANTS = [
  { needs: '', faults: false, web: false },
  { needs: 'FAULTS=on', faults: true, web: false },
  { needs: 'built web', faults: false, web: true },
] as const;

/** Packages whose frames are on every registration's stack (the framework and its plugin loader). */
const FRAMEWORK = new Set(['fastify', 'avvio']);

interface Registered extends RouteInfo {
  /** Repository-relative source files on the registration's call stack, innermost first. */
  frames: string[];
}

interface Row {
  method: string;
  url: string;
  lines: BladeLine[];
  needs: string;
  access: Access;
  frames: string[];
}

const posix = (p: string) => p.split(path.sep).join('/');

/**
 * The files on a registration's call stack, innermost first, consecutive repeats folded: this
 * server's own files relative to the repository, a package's files by the package's name.
 */
function stackFiles(stack: string): string[] {
  const files: string[] = [];
  for (const frame of stack.split('\n').slice(1)) {
    const m = /\(?((?:file:\/\/)?[^\s()]+?):\d+:\d+\)?$/.exec(frame.trim());
    if (!m) continue;
    const file = m[1].startsWith('file://') ? fileURLToPath(m[1]) : m[1];
    const pkg = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(file);
    const name = pkg
      ? posix(pkg[1])
      : file.startsWith(SERVER_SRC + path.sep) && file !== THIS_FILE
        ? posix(path.relative(REPO, file))
        : null;
    if (name && !FRAMEWORK.has(name) && name !== files.at(-1)) files.push(name);
  }
  return files;
}

/** Records, for each route as it is registered, the files on the call stack that registered it. */
function recordFrames(into: Map<string, string[]>) {
  return (route: RouteOptions) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Infinity;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    for (const method of [route.method].flat()) into.set(`${method} ${route.url}`, stackFiles(stack));
  };
}

/** The routes a server of the line registers with the variant's settings, each with its frames. */
async function registeredRoutes(line: BladeLine, variant: (typeof VARIANTS)[number]): Promise<Registered[]> {
  const frames = new Map<string, string[]>();
  return withScratchApp(
    (dir) => ({
      line,
      faults: variant.faults,
      ...(variant.web ? { webDist: builtWeb(dir) } : {}),
      onRoute: recordFrames(frames),
    }),
    async (app) => app.routeTable.map((r) => ({ ...r, frames: frames.get(`${r.method} ${r.url}`) ?? [] })),
  );
}

/** A stand-in for the built web client in the folder: the server serves it with a `/*` route. */
function builtWeb(dir: string): string {
  const webDist = path.join(dir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>index</title>');
  return webDist;
}

/** `/api/blade-system/param/detail` → `/blade-system/param/detail`, `:id` → `{id}` (the OpenAPI path). */
const gatewayPath = (url: string) =>
  (url.startsWith(`${API_PREFIX}/`) ? url.slice(API_PREFIX.length) : url).replace(/:(\w+)/g, '{$1}');

/** Every route of every line and variant, once, with the lines that serve it. */
async function collectRows(): Promise<Row[]> {
  const rows = new Map<string, Row>();
  for (const line of BLADE_LINES)
    for (const variant of VARIANTS)
      for (const r of await registeredRoutes(line, variant)) {
        const key = `${r.method} ${r.url}`;
        const row = rows.get(key) ?? { ...r, lines: [], needs: variant.needs };
        rows.set(key, row);
        const served = lineHasRoute(line, gatewayPath(r.url));
        if (served && !row.lines.includes(line)) row.lines.push(line);
      }
  return [...rows.values()];
}

/** Shared helpers a module registers its routes through: core, and a module's `shared/` folder. */
const isHelper = (file: string) => file.startsWith('server/src/core/') || file.includes('/shared/');

/**
 * The file that registered a route: the innermost module file on the stack that is not a shared
 * helper (the crud and document helpers register routes on a module's behalf), else the innermost
 * file of this server, else the plugin package; `via` are the helpers in between, outermost first.
 */
export function registeredBy(frames: readonly string[]): { file: string; via: string[] } {
  const own = frames.filter((f) => f.startsWith('server/src/'));
  const at = own.findIndex((f) => f.startsWith('server/src/modules/') && !isHelper(f));
  if (at >= 0) return { file: own[at], via: [...new Set(own.slice(0, at))].reverse() };
  return { file: own[0] ?? frames[0] ?? '', via: [] };
}

/** How core/access.ts reads `route.config.access`, in words a search finds. */
function accessText(access: Access): string {
  if (access === 'public') return 'public';
  if (access === 'user') return 'token';
  const codes = (list: readonly string[]) => list.map((c) => `\`${c}\``).join(', ');
  if ('role' in access) return `role ${codes(access.role)}`;
  if ('menu' in access) return `menu ${codes([access.menu])}`;
  return `button ${codes([access.button].flat())}`;
}

/** Declarations whose `api` a route lies under, longest first (a detail table under its document). */
const DECLARED: ResourceDef[] = [...Object.values(resources), faultResource].sort(
  (a, b) => b.api.length - a.api.length || (a.key < b.key ? -1 : 1),
);

/** The resource declaration key of a route and, for a PSI document's routes, the document kind. */
function declaredAs(gateway: string): string {
  const def = DECLARED.find((d) => gateway === d.api || gateway.startsWith(`${d.api}/`));
  if (!def) return '';
  const kind = Object.values(PSI_DOCUMENTS).find((d) => d.resource.permission === def.permission)?.kind;
  return kind ? `resource \`${def.key}\`, kind \`${kind}\`` : `resource \`${def.key}\``;
}

const HEADER = [
  '| Method | URL | Lines | Access | Declared as | File | Via |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];

function rowText(row: Row): string {
  const gateway = gatewayPath(row.url);
  const { file, via } = registeredBy(row.frames);
  const lines = row.lines.join(', ') + (row.needs ? `; ${row.needs}` : '');
  const cells = [
    row.method,
    `\`${gateway}\``,
    lines,
    accessText(row.access),
    declaredAs(gateway),
    file ? `\`${file}\`` : '',
    via.map((f) => `\`${f}\``).join(', '),
  ];
  return `| ${cells.join(' | ')} |`;
}

const byUrlThenMethod = (a: Row, b: Row) => {
  const [x, y] = [gatewayPath(a.url), gatewayPath(b.url)];
  if (x !== y) return x < y ? -1 : 1;
  return a.method < b.method ? -1 : a.method > b.method ? 1 : 0;
};

/** The index as committed: an introduction, then one table per Blade service and one for the rest. */
export function renderIndex(rows: readonly Row[]): string {
  const sorted = [...rows].sort(byUrlThenMethod);
  const api = sorted.filter((r) => r.url.startsWith(`${API_PREFIX}/`));
  const services = [...new Set(api.map((r) => gatewayPath(r.url).split('/')[1]))].sort();
  const count = (line: BladeLine) => rows.filter((r) => r.lines.includes(line)).length;
  const out = [
    '# Route index',
    '',
    'Generated by `pnpm --filter @psi/server run routes` (`server/src/route-index.ts`) from the routes the',
    'server registers; `server/test/route-index.test.ts` fails when this file is stale. Search it for a',
    'menu or button code, a URL segment, a resource key or a PSI document kind.',
    '',
    '- **URL**: as the gateway serves it, without `/api` (the paths of `contract/openapi.json`).',
    '- **Lines**: the Blade lines that serve the route (`BLADE_LINE`), and a setting it needs.',
    '- **Access**: `route.config.access` as `server/src/core/access.ts` checks it: `public`, `token`',
    '  (any signed-in caller), `role`, `menu` (the menu code) or `button` (any of the button codes).',
    '- **Declared as**: the resource declaration (`db/src/model`) whose `api` the route lies under, and',
    '  the PSI document kind (`PSI_DOCUMENTS`) of that resource.',
    '- **File**: the module file that registered the route; **Via**: the shared helpers it went through.',
    '',
    `${rows.length} routes: ${BLADE_LINES.map((l) => `${count(l)} on ${l}`).join(', ')}.`,
  ];
  for (const service of services) {
    out.push('', `## /api/${service}`, '', ...HEADER);
    for (const row of api) if (gatewayPath(row.url).split('/')[1] === service) out.push(rowText(row));
  }
  out.push('', '## Outside /api', '', ...HEADER);
  for (const row of sorted) if (!row.url.startsWith(`${API_PREFIX}/`)) out.push(rowText(row));
  return `${out.join('\n')}\n`;
}

/** The index of the routes the server registers now, in the committed file's formatting. */
export async function renderRouteIndex(): Promise<string> {
  return renderIndex(await collectRows());
}

if (process.argv[1] && THIS_FILE === path.resolve(process.argv[1])) {
  fs.writeFileSync(ROUTE_INDEX_FILE, await renderRouteIndex());
  console.log(`wrote ${posix(path.relative(process.cwd(), ROUTE_INDEX_FILE))}`);
}
