import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import proxy from '@fastify/http-proxy';
import { checkDocument, serverPrefix } from '@psi/contract/document';
import { ContractValidator } from '@psi/contract/validate';
import type { AppOptions } from '../core/context';
import { envelope, ok } from '../core/envelope';
import { langOf } from '../core/lang';
import { messages } from '@psi/db/model';
import { DriftReport } from './drift';
import { SuperAdminCheck } from './roles';

/** Bodies larger than this are forwarded but not checked (exports, downloads). */
const MAX_CHECKED_BYTES = 5 * 1024 * 1024;

const decoders: Record<string, (b: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

function loadValidator(app: FastifyInstance, file: string | undefined): ContractValidator | null {
  if (!file || !fs.existsSync(file)) {
    app.log.warn({ contractDocument: file ?? null }, 'proxy: no contract document, answers are not checked');
    return null;
  }
  return new ContractValidator(checkDocument(JSON.parse(fs.readFileSync(file, 'utf8')), file));
}

/**
 * Proxy mode: `/api` goes to the upstream Blade gateway. Every answer to a documented route is copied
 * while it streams to the client and checked against the contract document after it has been sent,
 * so checking never delays an answer. Violations are logged as structured lines and folded into the
 * drift report at `GET /api/contract/drift`, which the proxy answers itself for the platform
 * super-admin only.
 */
export async function registerProxy(app: FastifyInstance, options: AppOptions & { upstream: string }) {
  const validator = loadValidator(app, options.contractDocument);
  const prefix = validator ? serverPrefix(validator.doc) : '';
  const report = new DriftReport();
  const upstream = options.upstream.replace(/\/+$/, '');
  const admins = new SuperAdminCheck(upstream);

  const check = (req: FastifyRequest, status: number, type: string, encoding: string, raw: Buffer) => {
    const decode = decoders[encoding.toLowerCase()];
    void (decode ? decode(raw) : Promise.resolve(raw))
      .then((buf) => {
        const path = documentedPath(req.url, prefix);
        let body: unknown = undefined;
        if (type.includes('json') && buf.length)
          try {
            body = JSON.parse(buf.toString('utf8'));
          } catch {
            body = undefined;
          }
        for (const v of validator!.check(req.method, path, status, body) ?? []) {
          const row = report.record(v);
          req.log.warn(
            { contractDrift: { ...v, status, count: row?.count ?? null } },
            `contract drift: ${v.route} ${v.path}`,
          );
        }
      })
      .catch((e: unknown) => req.log.warn({ err: e }, 'contract check failed'));
  };

  await app.register(proxy, {
    upstream,
    prefix: '/api',
    rewritePrefix: '',
    config: { proxied: true } as never,
    replyOptions: {
      onResponse(request, reply, res) {
        const stream = (res as unknown as { stream: Readable }).stream;
        const headers = (res as unknown as { headers: Record<string, string | undefined> }).headers ?? {};
        const path = documentedPath(request.url, prefix);
        if (!validator || !validator.find(request.method, path)) return void reply.send(stream);
        const chunks: Buffer[] = [];
        let size = 0;
        const copy = new PassThrough();
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_CHECKED_BYTES) chunks.push(chunk);
        });
        stream.on('end', () => {
          if (size > MAX_CHECKED_BYTES) return;
          const status = (res as unknown as { statusCode: number }).statusCode;
          setImmediate(() =>
            check(
              request as FastifyRequest,
              status,
              headers['content-type'] ?? '',
              headers['content-encoding'] ?? '',
              Buffer.concat(chunks),
            ),
          );
        });
        stream.pipe(copy);
        reply.send(copy);
      },
    },
  });

  // answered here, never forwarded (a static route wins over the proxy's wildcard)
  app.get('/api/contract/drift', async (req: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(req);
    const verdict = await admins.check(req);
    if (verdict === 'anonymous') return reply.code(401).send(envelope(401, {}, messages.unauthorized[lang]));
    if (verdict === 'forbidden') return reply.code(403).send(envelope(403, {}, messages.forbidden[lang]));
    return ok(
      {
        document: validator ? (options.contractDocument ?? '') : '',
        routes: validator?.operations.length ?? 0,
        rows: report.list(),
      },
      lang,
    );
  });
  return report;
}

/** `/api/blade-system/param/list?x=1` → `/blade-system/param/list` (the path as the document lists it). */
function documentedPath(url: string, prefix: string): string {
  const path = url.split('?')[0].replace(/^\/api(?=\/|$)/, '');
  return prefix && prefix !== '/api' && path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
