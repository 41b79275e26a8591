// `pnpm contract:fuzz`: Schemathesis (Python, pinned) against a fresh SEED=demo server, with every check,
// as the platform super-admin and as a school user, in a bounded time. Installs Schemathesis into
// `.venv-fuzz/` (python3 -m venv; Debian's python3-venv is installed when missing), signs both users in
// through the captcha grant (the server's captcha is fixed), runs `schemathesis run` on the served
// document for each, JUnit into contract/reports/. The operations it leaves out, and those that may
// refuse a schema-valid request with a business 400, each with why, are in contract/fuzz-allow.json. Exits non-zero when either run found a failure.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CAPTCHA, root, startDemoServer } from './demo-server.mjs';

const SCHEMATHESIS = 'schemathesis==4.32.5';
const VENV = path.join(root, '.venv-fuzz');
const BIN = path.join(VENV, 'bin');
/**
 * Budget per user: examples per operation, and no wall-time cap by default, so that what is tested
 * does not depend on the machine's speed (a cap makes a slower machine test other cases than a
 * faster one did); `FUZZ_MAX_TIME` / `FUZZ_STATEFUL_TIME` cap a phase in seconds when set.
 */
const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 5);
const MAX_TIME = process.env.FUZZ_MAX_TIME;
const STATEFUL_TIME = process.env.FUZZ_STATEFUL_TIME;
const USERS = [
  { name: 'super-admin', tenantId: '000000', account: 'admin', password: 'admin' },
  { name: 'school', tenantId: '100001', account: 'xx_mingde', password: 'Demo@2025' },
];
const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });

function ensureSchemathesis() {
  const exe = path.join(BIN, 'schemathesis');
  const version = spawnSync(exe, ['--version'], { encoding: 'utf8' });
  if (version.status === 0 && version.stdout.includes(SCHEMATHESIS.split('==')[1])) return exe;
  if (run('python3', ['-m', 'venv', '--clear', VENV]).status !== 0) {
    // Debian's python3 ships venv (and ensurepip) separately
    const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
    const apt = (...a) =>
      run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...a]);
    if (apt('update', '-qq').status !== 0 || apt('install', '-y', '-qq', 'python3-venv').status !== 0)
      throw new Error('could not install python3-venv');
    if (run('python3', ['-m', 'venv', '--clear', VENV]).status !== 0)
      throw new Error('python3 -m venv failed');
  }
  if (run(path.join(BIN, 'pip'), ['install', '-q', '--disable-pip-version-check', SCHEMATHESIS]).status !== 0)
    throw new Error(`pip could not install ${SCHEMATHESIS}`);
  return exe;
}

/** Signs a user in with the captcha grant; the access token. */
async function signIn(origin, user) {
  const captcha = await (await fetch(`${origin}/api/blade-auth/oauth/captcha`)).json();
  const query = new URLSearchParams({
    tenantId: user.tenantId,
    username: user.account,
    password: crypto.createHash('md5').update(user.password).digest('hex'),
    grant_type: 'captcha',
    scope: 'all',
    type: 'account',
  });
  const res = await fetch(`${origin}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: {
      Authorization: CLIENT,
      'Tenant-Id': user.tenantId,
      'Captcha-Key': captcha.data.key,
      'Captcha-Code': CAPTCHA,
    },
  });
  const body = await res.json();
  if (!res.ok || !body.access_token)
    throw new Error(`${user.name} could not sign in: ${JSON.stringify(body)}`);
  return body.access_token;
}

const allow = JSON.parse(fs.readFileSync(path.join(root, 'contract/fuzz-allow.json'), 'utf8'));

/** `--exclude-operation-id` for each allow-listed operation, by its id in the served document. */
async function excludeArgs(origin) {
  const doc = await (await fetch(`${origin}/v3/api-docs`)).json();
  return allow.exclude.flatMap(({ operation }) => {
    const [method, p] = operation.split(' ');
    const id = doc.paths[p]?.[method.toLowerCase()]?.operationId;
    if (!id) throw new Error(`contract/fuzz-allow.json names an operation the document lacks: ${operation}`);
    return ['--exclude-operation-id', id];
  });
}

/**
 * `schemathesis.toml` of the run: for each operation the allow-list says may refuse a schema-valid
 * request with Blade's business 400, positive_data_acceptance takes a 400 besides what it takes by default; every other check and
 * operation keeps the defaults. Names are `METHOD /path` as the document has them.
 */
/** What positive_data_acceptance takes by default (Schemathesis 4), and Blade's business 400. */
const EXPECTED = JSON.stringify(['2XX', '3XX', 400, 401, 403, 404, 409, 429, '5XX']);

function writeConfig(dir) {
  const toml = (s) => JSON.stringify(s);
  const blocks = (allow.businessRefusals ?? []).flatMap(({ operations }) =>
    operations.map(
      (name) =>
        `[[operations]]\ninclude-name = ${toml(name)}\nchecks.positive_data_acceptance.expected-statuses = ${EXPECTED}\n`,
    ),
  );
  const file = path.join(dir, 'schemathesis.toml');
  fs.writeFileSync(file, blocks.join('\n'));
  return file;
}

const schemathesis = ensureSchemathesis();
const config = writeConfig(fs.mkdtempSync(path.join(os.tmpdir(), 'contract-fuzz-')));
fs.mkdirSync(path.join(root, 'contract/reports'), { recursive: true });

/**
 * The run's phases, each with its own time: fuzzing repeats until its budget is spent, so the stateful
 * phase (following the document's links) gets a budget of its own.
 */
const PHASES = [
  { name: 'stateless', phases: 'examples,coverage,fuzzing', maxTime: MAX_TIME },
  { name: 'stateful', phases: 'stateful', maxTime: STATEFUL_TIME },
];

/**
 * Runs one phase of Schemathesis for `user` (output into `contract/reports/fuzz.<user>.<phase>.log`,
 * JUnit beside it): the exit code.
 */
function fuzz(user, phase, origin, token, exclusions) {
  const report = `contract/reports/fuzz.${user.name}.${phase.name}`;
  const log = path.join(root, `${report}.log`);
  const out = fs.openSync(log, 'w');
  const args = [
    '--config-file',
    config,
    'run',
    `${origin}/v3/api-docs`,
    '--url',
    `${origin}/api`,
    '--checks',
    'all',
    '--max-examples',
    String(MAX_EXAMPLES),
    '--phases',
    phase.phases,
    ...(phase.maxTime ? ['--max-time', phase.maxTime] : []),
    // one worker: CPython 3.11's ast is not thread-safe and Hypothesis parses lambdas with it
    '--workers',
    '1',
    '--seed',
    '25',
    '--generation-deterministic',
    '--no-color',
    '-H',
    `Blade-Auth: bearer ${token}`,
    ...exclusions,
    '--report',
    'junit',
    '--report-junit-path',
    path.join(root, `${report}.xml`),
  ];
  return new Promise((resolve) => {
    const child = spawn(schemathesis, args, { cwd: root, stdio: ['ignore', out, out] });
    child.on('exit', (code) => {
      fs.closeSync(out);
      console.log(
        `\ncontract:fuzz: ${user.name}, ${phase.name}, against ${origin}\n${fs.readFileSync(log, 'utf8')}`,
      );
      resolve(code ?? 1);
    });
  });
}

/**
 * One user's run on a fresh server of its own: what one run changes (its writes, a token it took
 * back) never reaches the other, so the two run side by side.
 */
async function fuzzAs(user) {
  const demo = await startDemoServer({
    name: `contract-fuzz-${user.name}`,
    env: { AUTH_RATE_LIMIT: '100000' },
  });
  try {
    const token = await signIn(demo.origin, user);
    const exclusions = await excludeArgs(demo.origin);
    let code = 0;
    for (const phase of PHASES) code ||= await fuzz(user, phase, demo.origin, token, exclusions);
    return code;
  } catch (e) {
    console.error(`contract:fuzz: ${user.name}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await demo.stop();
  }
}

const results = await Promise.all(USERS.map(fuzzAs));
const codes = Object.fromEntries(USERS.map((u, i) => [u.name, results[i]]));
console.log(
  `\ncontract:fuzz: ${USERS.map((u) => `${u.name} ${codes[u.name] === 0 ? 'passed' : `FAILED (exit ${codes[u.name]})`}`).join(', ')}`,
);
process.exit(USERS.every((u) => codes[u.name] === 0) ? 0 : 1);
