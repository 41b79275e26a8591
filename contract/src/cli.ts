import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadDocument, type OpenApiDocument } from './document';
import { ContractValidator } from './validate';
import { formatJunit, formatTable, runContract, type RunOptions } from './runner';

const USAGE = `pnpm contract --base-url <url> [--tenant 000000 --account admin --password admin
  --client-id saber --client-secret saber_secret --captcha <code> --token <access token>
  --read-only --junit <file> --spec <file|url> --demo-password <password> --lang zh|en]`;

/** The committed document, used when the backend serves none. */
const COMMITTED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../openapi.json');

/** Paths given on the command line are relative to where `pnpm contract` was typed. */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

async function resolveDocument(
  spec: string | undefined,
  baseUrl: string,
): Promise<[OpenApiDocument, string]> {
  if (spec) {
    const source = /^https?:\/\//.test(spec) ? spec : fromCaller(spec);
    return [await loadDocument(source), source];
  }
  const served = `${new URL(baseUrl).origin}/v3/api-docs`;
  try {
    return [await loadDocument(served), served];
  } catch (e) {
    if (!fs.existsSync(COMMITTED))
      throw new Error(`no document: ${served} (${(e as Error).message}) and no ${COMMITTED}`, { cause: e });
    return [await loadDocument(COMMITTED), COMMITTED];
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      tenant: { type: 'string', default: '000000' },
      account: { type: 'string', default: 'admin' },
      password: { type: 'string', default: 'admin' },
      'client-id': { type: 'string', default: 'saber' },
      'client-secret': { type: 'string', default: 'saber_secret' },
      captcha: { type: 'string' },
      token: { type: 'string' },
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
  const [doc, source] = await resolveDocument(values.spec, baseUrl);
  console.log(`contract: ${source} against ${baseUrl}${values['read-only'] ? ' (read-only)' : ''}`);
  const options: RunOptions = {
    baseUrl,
    tenant: values.tenant!,
    account: values.account!,
    password: values.password!,
    clientId: values['client-id']!,
    clientSecret: values['client-secret']!,
    captcha: values.captcha,
    token: values.token,
    readOnly: values['read-only']!,
    demoPassword: values['demo-password']!,
    lang: values.lang!,
  };
  const result = await runContract(new ContractValidator(doc), options);
  console.log(formatTable(result));
  if (values.junit) {
    const file = fromCaller(values.junit);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, formatJunit(result));
  }
  return result.ok ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`contract: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  },
);
