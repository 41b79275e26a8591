// Compiles the server (and the @psi/db sources it imports) into one ES module, dist/main.mjs, so that
// `pnpm start` runs plain JavaScript: no TypeScript loader and no transpiling at run time. Packages from
// node_modules stay external (loaded by Node as installed); only the workspace's own sources are bundled.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const outFile = path.join(serverDir, 'dist', 'main.mjs');

/**
 * Sources find their fixtures and migrations relative to their own file (`new URL('../x', import.meta.url)`).
 * In the bundle every module would share dist/main.mjs's URL, so each module's `import.meta.url` becomes
 * its source file's URL, written relative to the bundle (the checkout can move).
 */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(outFile), args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

/** Every bare import except the workspace's own packages is left to Node. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@psi/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds into `outDir` (dist/ unless a test names another folder). */
export async function buildServer(outDir = path.dirname(outFile)) {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(serverDir, 'src', 'main.ts')],
    // split at dynamic imports: what only one mode needs (the proxy with undici and ajv) is a chunk of
    // its own whose packages Node loads only when that mode starts
    outdir: outDir,
    entryNames: 'main',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [sourceUrls, externalPackages],
  });
  for (const file of fs.readdirSync(outDir)) latin1Only(path.join(outDir, file));
}

/**
 * esbuild escapes the non-ASCII characters of strings, not those of comments and regular expressions
 * (`/[,，、]/`). One such character makes V8 keep the whole module source, which it holds for the life
 * of the process, as a two-byte string: 1.4 MiB for main.mjs instead of 0.7. Escaped as `\uXXXX`, which
 * means the same in a comment, a regular expression, a string or an identifier.
 */
function latin1Only(file) {
  const text = fs.readFileSync(file, 'utf8');
  const escaped = text.replace(
    /[\u0100-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (escaped !== text) fs.writeFileSync(file, escaped);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildServer();
}
