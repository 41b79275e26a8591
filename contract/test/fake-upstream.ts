import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { track } from './servers';

type Dict = Record<string, unknown>;

/**
 * A Blade gateway in front of a real server (under `/api` there) that forwards every call; `alter`
 * may answer a call itself (a route the gateway lacks) or rewrite the forwarded answer.
 */
async function startUpstream(
  realOrigin: string,
  alter: {
    lacks?: string;
    rewrite?: (method: string, path: string, body: Buffer) => Buffer | string;
  },
) {
  const app = Fastify();
  const seen: string[] = [];
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.all('/*', async (req, reply) => {
    const path = req.url.split('?')[0];
    seen.push(`${req.method} ${path}`);
    // Blade's answer for a route it does not have
    if (path === alter.lacks)
      return reply
        .code(404)
        .send({ code: 404, success: false, data: null, msg: `No endpoint ${req.method} ${path}.` });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v;
    const res = await fetch(`${realOrigin}/api${req.url}`, {
      method: req.method,
      headers,
      body: ['GET', 'HEAD'].includes(req.method) ? undefined : (req.body as Buffer | undefined),
    });
    const type = res.headers.get('content-type') ?? 'application/octet-stream';
    reply.code(res.status).type(type);
    // streamed as it comes (a live event stream never ends); buffered only to be rewritten
    if (!alter.rewrite || !res.body) return reply.send(res.body ? Readable.fromWeb(res.body) : '');
    return reply.send(alter.rewrite(req.method, path, Buffer.from(await res.arrayBuffer())));
  });
  track(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, seen };
}

/**
 * A Blade gateway that drifted: in the answer of `GET /blade-system/param/list` it renames
 * `paramName` to `paramTitle` and drops `paramValue` from every record.
 */
export function startDriftingUpstream(realOrigin: string) {
  return startUpstream(realOrigin, {
    rewrite: (method, path, body) => {
      if (method !== 'GET' || path !== '/blade-system/param/list') return body;
      const json = JSON.parse(body.toString('utf8')) as { data?: { records?: Dict[] } };
      if (!Array.isArray(json.data?.records)) return body;
      json.data.records = json.data.records.map(({ paramName, paramValue: _dropped, ...rest }) => ({
        ...rest,
        paramTitle: paramName,
      }));
      return JSON.stringify(json);
    },
  });
}

/** A Blade gateway without one documented route: it answers HTTP 404 with Blade's envelope there. */
export function startLackingUpstream(realOrigin: string, route: string) {
  return startUpstream(realOrigin, { lacks: route });
}
