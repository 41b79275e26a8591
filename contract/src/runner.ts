import { ContractClient } from './http';
import type { ContractValidator } from './validate';
import { Kit, scopeOf, type RunOptions } from './kit';
import { SessionScenarios } from './session';
import { walkScenarios } from './walk';
import { leaveProcess, psiOrder, roundTrips } from './writes';
import { publicDialectScenarios } from './public-dialect';
import { countResult, type RunResult } from './report';

export type { RunOptions, ScenarioResult, Scope } from './kit';
export { SCOPES } from './kit';
export type { RunResult } from './report';
export { formatJunit, formatTable } from './report';

/**
 * Walks a backend of the given line against the document: sign-in and the session the line's way,
 * every documented GET of the parts in scope, write round trips, a PSI order and the leave process,
 * the public dialect, the error cases and sign-out. Every answer is validated; a documented route the
 * backend lacks is counted absent.
 */
export async function runContract(validator: ContractValidator, opts: RunOptions): Promise<RunResult> {
  const basic = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
  const http = new ContractClient(opts.baseUrl, validator, basic, opts.lang);
  const kit = new Kit(opts, http, validator);
  const session = new SessionScenarios(kit);

  await session.signIn();
  if (!session.token) return finish(kit);
  await session.session();
  await walkScenarios(kit, session.auth, session.token);
  if (!opts.readOnly) {
    await roundTrips(kit, session.token);
    await psiOrder(kit, session.auth);
    await leaveProcess(kit, session.auth);
  }
  await publicDialectScenarios(kit, session.token);
  await session.errors();
  await session.signOut();
  return finish(kit);
}

function finish(kit: Kit): RunResult {
  const { http, validator, scenarios } = kit;
  const endpoints = [...http.stats.values()].sort((a, b) => a.endpoint.localeCompare(b.endpoint));
  const violations = endpoints.flatMap((e) => e.violations);
  const called = new Set(endpoints.filter((e) => e.calls > 0).map((e) => e.endpoint));
  const gets = validator.operations.filter((o) => o.method === 'GET' && !called.has(`GET ${o.path}`));
  const { passed, failed } = countResult(endpoints, scenarios);
  return {
    line: kit.line,
    endpoints,
    scenarios,
    violations,
    absent: endpoints.filter((e) => e.absent).map((e) => `${e.endpoint}  ${e.absent}`),
    uncalled: gets.filter((o) => kit.inScope(scopeOf(o.path))).map((o) => `GET ${o.path}`),
    notWalked: gets.filter((o) => !kit.inScope(scopeOf(o.path))).map((o) => `GET ${o.path}`),
    writes: http.writes,
    passed,
    failed,
    ok: failed === 0,
  };
}
