import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|wasm|map)$/;
/** Below this size the encoded copy saves less than the headers cost. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of the build, once, at
 * build time, so the server sends them as they are (`Content-Encoding`) and never compresses per
 * request. index.html is left out: the server adds the run-time site configuration to it.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'psi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      // compressed on libuv's thread pool, all files at once: brotli at its best quality is slow
      async handler(_options, bundle) {
        const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const full = path.join(outDir, file);
            const raw = await fs.promises.readFile(full);
            if (raw.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzipAsync(raw, { level: 9 }),
            ]);
            await Promise.all([
              fs.promises.writeFile(`${full}.br`, br),
              fs.promises.writeFile(`${full}.gz`, gz),
            ]);
          }),
        );
      },
    },
  };
}
