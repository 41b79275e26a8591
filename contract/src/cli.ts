import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDocument, type OpenApiDocument } from './document';
import { ContractValidator } from './validate';
import { detectLine, LINE_DOCUMENTS } from './line';
import { parseBladeLine, type BladeLine } from '@psi/db/model/line';
import { formatJunit, formatTable, runContract, SCOPES, type RunOptions, type Scope } from './runner';
import { recordCommand } from './record';

const USAGE = `pnpm contract record … (record a tenant into a seed: pnpm contract record --help)
pnpm contract --base-url <url> [--line bladex|springblade|auto] [--tenant 000000 --account admin
  --password admin --client-id saber --client-secret saber_secret --captcha <code> --token <access token>
  --sm2-public-key <04…, default $BLADE_SM2_PUBLIC_KEY> --scope auth,system,desk,psi,flow --blade-only --read-only --junit <file>
  --spec <file|url|target> --demo-password <password> --lang zh|en]`;

/** Paths given on the command line are relative to where `pnpm contract` was typed. */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

/**
 * The document to validate against: our committed document of the target's line by default, another
 * file or URL with `--spec`, the target's own `/v3/api-docs` only with `--spec target`.
 */
async function resolveDocument(
  spec: string | undefined,
  baseUrl: string,
  line: BladeLine,
): Promise<[OpenApiDocument, string]> {
  if (spec === 'target') {
    const served = `${new URL(baseUrl).origin}/v3/api-docs`;
    return [await loadDocument(served), served];
  }
  if (spec) {
    const source = /^https?:\/\//.test(spec) ? spec : fromCaller(spec);
    return [await loadDocument(source), source];
  }
  const committed = LINE_DOCUMENTS[line];
  if (!fs.existsSync(committed))
    throw new Error(`no committed document of the ${line} line (${committed}): name one with --spec`);
  return [await loadDocument(committed), committed];
}

function parseScope(value: string | undefined): Scope[] | undefined {
  if (!value) return undefined;
  const parts = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const p of parts)
    if (!(SCOPES as readonly string[]).includes(p))
      throw new Error(`--scope takes ${SCOPES.join(',')}, not ${p}`);
  return parts as Scope[];
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'record') return recordCommand(argv.slice(1), fromCaller);
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      line: { type: 'string', default: 'auto' },
      tenant: { type: 'string', default: '000000' },
      account: { type: 'string', default: 'admin' },
      password: { type: 'string', default: 'admin' },
      'client-id': { type: 'string', default: 'saber' },
      'client-secret': { type: 'string', default: 'saber_secret' },
      captcha: { type: 'string' },
      token: { type: 'string' },
      'sm2-public-key': { type: 'string' },
      scope: { type: 'string' },
      'blade-only': { type: 'boolean', default: false },
      'read-only': { type: 'boolean', default: false },
      junit: { type: 'string' },
      spec: { type: 'string' },
      'demo-password': { type: 'string', default: 'Demo@2025' },
      lang: { type: 'string', default: 'zh' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help || !values['base-url']) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const baseUrl = values['base-url'];
  const asked = values.line === 'auto';
  const line = asked ? await detectLine(baseUrl) : parseBladeLine('--line', values.line, 'bladex');
  const [doc, source] = await resolveDocument(values.spec, baseUrl, line);
  const scope = parseScope(values.scope);
  const notes = [
    `line ${line}${asked ? ' (asked the target)' : ''}`,
    ...(scope ? [`scope ${scope.join(',')}`] : []),
    ...(values['blade-only'] ? ['blade-only'] : []),
    ...(values['read-only'] ? ['read-only'] : []),
  ];
  console.log(`contract: ${source} against ${baseUrl} (${notes.join(', ')})`);
  const options: RunOptions = {
    baseUrl,
    line,
    tenant: values.tenant!,
    account: values.account!,
    password: values.password!,
    clientId: values['client-id']!,
    clientSecret: values['client-secret']!,
    captcha: values.captcha,
    token: values.token,
    // else the proxy's setting of the same key, so one environment serves both
    sm2PublicKey: values['sm2-public-key'] || process.env.BLADE_SM2_PUBLIC_KEY?.trim() || undefined,
    scope,
    bladeOnly: values['blade-only']!,
    readOnly: values['read-only']!,
    demoPassword: values['demo-password']!,
    lang: values.lang!,
  };
  const result = await runContract(new ContractValidator(doc), options);
  if (values.junit) {
    const file = fromCaller(values.junit);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, formatJunit(result));
  }
  // the count is the last line printed
  console.log(formatTable(result));
  return result.ok ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`contract: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  },
);
