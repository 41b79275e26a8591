import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import proxy from '@fastify/http-proxy';
import { checkDocument, serverPrefix } from '@psi/contract/document';
import { isAbsentAnswer, LINE_DOCUMENTS } from '@psi/contract/line';
import { ContractValidator, type Violation } from '@psi/contract/validate';
import type { AppOptions } from '../core/context';
import { envelope, ok } from '../core/envelope';
import { langOf } from '../core/lang';
import { messages, type BladeLine, type ServedSiteConfig } from '@psi/db/model';
import { DriftReport } from './drift';
import { SuperAdminCheck } from './roles';
import { UpstreamState } from './upstream';

/** Bodies larger than this are forwarded but not checked (exports, downloads). */
const MAX_CHECKED_BYTES = 5 * 1024 * 1024;

const decoders: Record<string, (b: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/**
 * The document answers are checked against: `CONTRACT_DOCUMENT` when set, else our committed document
 * of the upstream's line (the BladeX one, with a warning, while the public line's is not committed).
 */
function documentFor(app: FastifyInstance, configured: string | undefined, line: BladeLine) {
  if (configured) return configured;
  const own = LINE_DOCUMENTS[line];
  if (fs.existsSync(own)) return own;
  app.log.warn({ contractDocument: own }, `proxy: no committed ${line} document, checking against bladex's`);
  return LINE_DOCUMENTS.bladex;
}

function loadValidator(app: FastifyInstance, file: string): ContractValidator | null {
  if (!fs.existsSync(file)) {
    app.log.warn({ contractDocument: file }, 'proxy: no contract document, answers are not checked');
    return null;
  }
  return new ContractValidator(checkDocument(JSON.parse(fs.readFileSync(file, 'utf8')), file));
}

/** The body's envelope code, when it has one. */
const codeOf = (body: unknown) =>
  body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;

/**
 * Proxy mode: `/api` goes to the upstream Blade gateway. Every answer to a documented route is copied
 * while it streams to the client and checked against the contract document after it has been sent,
 * so checking never delays an answer. Violations are logged as structured lines and folded into the
 * drift report at `GET /api/contract/drift`, which the proxy answers itself for the platform
 * super-admin only.
 */
export async function registerProxy(app: FastifyInstance, options: AppOptions & { upstream: string }) {
  const upstream = options.upstream.replace(/\/+$/, '');
  const state = new UpstreamState(upstream, options.upstreamLine, app.log);
  app.addHook('onClose', async () => state.close());
  await state.start();
  const checked = { validator: null as ContractValidator | null, document: '' };
  const useDocument = (line: BladeLine) => {
    checked.document = documentFor(app, options.contractDocument, line);
    checked.validator = loadValidator(app, checked.document);
  };
  const keyNeeded = (line: BladeLine) => {
    if (line === 'springblade' && !options.upstreamSm2PublicKey)
      app.log.warn(
        'proxy: the upstream speaks springblade and BLADE_SM2_PUBLIC_KEY is unset: the web cannot sign in',
      );
  };
  useDocument(state.line);
  keyNeeded(state.line);
  // an upstream unreachable at start-up tells its line later: its own document from then on
  state.onLine((line) => {
    useDocument(line);
    keyNeeded(line);
  });
  const report = new DriftReport();
  const admins = new SuperAdminCheck(upstream, () => state.line);

  const record = (req: FastifyRequest, v: Violation, status: number, absent: boolean) => {
    const row = report.record(v);
    req.log.warn(
      { contractDrift: { ...v, kind: absent ? 'absent' : 'shape', status, count: row?.count ?? null } },
      absent ? `contract drift: ${v.route} absent upstream` : `contract drift: ${v.route} ${v.path}`,
    );
  };

  const check = (req: FastifyRequest, status: number, type: string, encoding: string, raw: Buffer) => {
    const validator = checked.validator;
    if (!validator) return;
    const decode = decoders[encoding.toLowerCase()];
    void (decode ? decode(raw) : Promise.resolve(raw))
      .then((buf) => {
        const path = documentedPath(req.url, serverPrefix(validator.doc));
        let body: unknown = undefined;
        if (type.includes('json') && buf.length)
          try {
            body = JSON.parse(buf.toString('utf8'));
          } catch {
            body = undefined;
          }
        const op = validator.find(req.method, path);
        // a documented route the upstream does not have: drift of its own kind, its shape not checked
        if (op && isAbsentAnswer(status, codeOf(body))) {
          const code = codeOf(body);
          const seen = `absent upstream (HTTP ${status}${typeof code === 'number' ? ` code ${code}` : ''})`;
          return record(
            req,
            { route: `${op.method} ${op.path}`, path: '$', expected: 'the documented route', seen },
            status,
            true,
          );
        }
        for (const v of validator.check(req.method, path, status, body) ?? []) record(req, v, status, false);
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
        const validator = checked.validator;
        const path = validator ? documentedPath(request.url, serverPrefix(validator.doc)) : '';
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
        document: checked.validator ? checked.document : '',
        line: state.line,
        routes: checked.validator?.operations.length ?? 0,
        rows: report.list(),
      },
      lang,
    );
  });
  /** The served site settings of proxy mode: the upstream's line, its SM2 key and its parts. */
  const site = (): Omit<ServedSiteConfig, 'switchMode'> => ({
    proxyMode: true,
    line: state.line,
    ...(options.upstreamSm2PublicKey ? { sm2PublicKey: options.upstreamSm2PublicKey } : {}),
    ...(state.features ? { features: state.features } : {}),
  });
  return { report, state, site, admins };
}

/** `/api/blade-system/param/list?x=1` → `/blade-system/param/list` (the path as the document lists it). */
function documentedPath(url: string, prefix: string): string {
  const path = url.split('?')[0].replace(/^\/api(?=\/|$)/, '');
  return prefix && prefix !== '/api' && path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
