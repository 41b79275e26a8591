import Fastify from 'fastify';
import { track } from './servers';

type Dict = Record<string, unknown>;

/**
 * A Blade gateway that drifted: it forwards every call to a real server (under `/api` there) but in
 * the answer of `GET /blade-system/param/list` renames `paramName` to `paramTitle` and drops
 * `paramValue` from every record.
 */
export async function startDriftingUpstream(realOrigin: string) {
  const app = Fastify();
  const seen: string[] = [];
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.all('/*', async (req, reply) => {
    seen.push(`${req.method} ${req.url.split('?')[0]}`);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v;
    const res = await fetch(`${realOrigin}/api${req.url}`, {
      method: req.method,
      headers,
      body: ['GET', 'HEAD'].includes(req.method) ? undefined : (req.body as Buffer | undefined),
    });
    const type = res.headers.get('content-type') ?? 'application/octet-stream';
    let body: Buffer | string = Buffer.from(await res.arrayBuffer());
    if (req.method === 'GET' && req.url.split('?')[0] === '/blade-system/param/list') {
      const json = JSON.parse(body.toString('utf8')) as { data?: { records?: Dict[] } };
      if (Array.isArray(json.data?.records)) {
        json.data.records = json.data.records.map(({ paramName, paramValue: _dropped, ...rest }) => ({
          ...rest,
          paramTitle: paramName,
        }));
        body = JSON.stringify(json);
      }
    }
    return reply.code(res.status).type(type).send(body);
  });
  track(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, seen };
}
