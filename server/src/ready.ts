/**
 * The one line a person starting the server looks for: where to open it and how to sign in (the
 * request log's JSON lines carry the address too, but nobody reads those to get started).
 */
export function readyLine(options: {
  host: string;
  port: number;
  upstream?: string;
  /** The tenants of data seeded as a demo (`demoTenants`), empty for other data. */
  demoTenants: { tenantId: string; tenantName: string }[];
}): string {
  // a server listening on every interface is opened on this machine's own address
  const host = ['0.0.0.0', '::', ''].includes(options.host) ? '127.0.0.1' : options.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${options.port}`;
  if (options.upstream)
    return `ready: open ${url} and sign in with an account of the Blade gateway at ${options.upstream}`;
  const others = options.demoTenants.filter((tenant) => tenant.tenantId !== '000000');
  const demo = others.length
    ? `; the demo's schools and depositories sign in under tenant ${others
        .map((tenant) => `${tenant.tenantId} (${tenant.tenantName})`)
        .join(' or ')}, see docs/demo-accounts.md`
    : '';
  return `ready: open ${url} and sign in as tenant 000000, account admin, password admin${demo}`;
}
