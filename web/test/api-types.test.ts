import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const script = join(web, 'scripts', 'api-types.mjs');
const committedTypes = join(web, 'src', 'api', 'generated', 'bladex.ts');
const documentFile = join(web, '..', 'contract', 'openapi.json');
const scratch = mkdtempSync(join(tmpdir(), 'psi-api-types-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The JSON with every object property `from` (and its `required` entry) named `to`. */
function renamed(node: Json, from: string, to: string): Json {
  if (Array.isArray(node)) return node.map((item) => renamed(item, from, to));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value))
        return [
          key,
          Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k === from ? to : k, renamed(v, from, to)]),
          ),
        ];
      if (key === 'required' && Array.isArray(value)) return [key, value.map((v) => (v === from ? to : v))];
      return [key, renamed(value, from, to)];
    }),
  );
}

/** The type errors of the web's api layer (`src/api/psi/client.ts` and what it imports) against a types module. */
function apiLayerErrors(typesText: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(web, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('web/tsconfig.json does not parse');
  const host = ts.createCompilerHost(config.options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    resolve(fileName) === committedTypes
      ? ts.createSourceFile(fileName, typesText, language)
      : readSource(fileName, language, ...rest);
  const program = ts.createProgram([join(web, 'src', 'api', 'psi', 'client.ts')], config.options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** The types openapi-typescript writes for a document, as `scripts/api-types.mjs` writes them. */
function typesOf(document: Json): string {
  const from = join(scratch, `doc-${Math.random().toString(36).slice(2)}.json`);
  const to = from.replace(/\.json$/, '.ts');
  writeFileSync(from, JSON.stringify(document));
  execFileSync(process.execPath, [script, '--from', from, '--to', to]);
  return readFileSync(to, 'utf8');
}

describe('the web types of the OpenAPI document', () => {
  it('are committed as contract/openapi.json gives them', () => {
    // fails when the document changed and `pnpm --filter @psi/web run api-types` was not run
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('fail the typecheck when a route schema renames a field the web reads', () => {
    const document = JSON.parse(readFileSync(documentFile, 'utf8')) as { paths: Record<string, Json> };
    const route = '/blade-psi/depositorystock/list';
    // `stockOf` reads `quantity` of this route's records: the renamed field is named in the error (the
    // committed types give none, as `pnpm typecheck` shows)
    document.paths[route] = renamed(document.paths[route]!, 'quantity', 'onHand');
    const errors = apiLayerErrors(typesOf(document as unknown as Json));
    expect(errors.join('\n')).toMatch(/Property 'quantity' does not exist/);
  }, 90_000);
});
