import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** What no web file may import: server code, or the database beyond its isomorphic model. */
const webImportLimits = [
  { group: ['@psi/server', '@psi/server/*'], message: 'The web must not import server code.' },
  {
    group: ['@psi/db/schema', '@psi/db/client', '@psi/db/seed', '@psi/db/migrate', '@psi/db/password'],
    message: 'The web imports only @psi/db/model.',
  },
];

/** The folders of web/src from the top layer to the bottom one; folders in one row are one layer. */
const webLayers = [
  ['app'],
  ['pages'],
  ['components'],
  ['hooks'],
  ['api', 'stores', 'i18n'],
  ['utils', 'config'],
];
const webType = (folder) => `web-${folder}`;

/** One policy per layer: its folders never import a folder of a layer above it. */
function webLayersPointDown() {
  const order = webLayers.map((layer) => layer.join(', ')).join(' -> ');
  return webLayers.slice(1).map((layer, index) => ({
    from: { element: { type: layer.map(webType) } },
    disallow: {
      to: {
        element: {
          type: webLayers
            .slice(0, index + 1)
            .flat()
            .map(webType),
        },
      },
    },
    message: `web/src layers point down only (${order}): ${layer.join(' and ')} never import a layer above.`,
  }));
}

/** A cast (`as`, `<T>`, after a `!` too) of what a statement's get/all/iterate answers. */
const statementRead = 'CallExpression.expression[callee.property.name=/^(get|all|iterate)$/]';
const statementResultCasts = ['TSAsExpression', 'TSTypeAssertion'].flatMap((cast) => [
  `${cast} > ${statementRead}`,
  `${cast} > TSNonNullExpression.expression > ${statementRead}`,
]);
const statementCastMessage =
  "Type the statement instead of casting its answer: prepare<Row, Params>(sqlite, sql) (core/data.ts) or sqlite.prepare<Params, Row>(sql), the row derived from the schema where it is a table's (DriverRow in core/rows.ts).";

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'db/migrations/**',
      // written by web/scripts/api-types.mjs from contract/openapi.json
      'web/src/api/generated/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'data/**',
      '.venv-fuzz/**',
      '.schemathesis/**',
      // an import cycle on purpose, linted on its own by server/test/import-layers.test.ts
      'server/test/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Layers only point down: no file may reach itself again through its imports, in any package. Type-only
    // imports are erased at build time and do not count; lazy `import()` does, since it runs the module.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        // understands the workspace packages' `exports` (`@psi/db/model` -> db/src/model/index.ts)
        createTypeScriptImportResolver({
          project: ['db', 'server', 'web', 'e2e', 'contract'].map((dir) => `${dir}/tsconfig.json`),
          // one tsconfig per package, no solution file: each file is matched to its package's
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // npm packages cannot import our code, so only the workspace's own files are followed
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // handlers read the typed `req.query` / `req.body` of their route schema; shared readers use core/request.ts
    files: ['server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'TSAsExpression > MemberExpression.expression[object.name=/^(req|request)$/][property.name=/^(query|body)$/]',
          message:
            'Declare a querystring/body schema on the route and read the typed req.query / req.body (core/request.ts for shared readers).',
        },
        // a statement states its row type once, with its SQL; a cast of what it answers is unchecked
        ...statementResultCasts.map((selector) => ({
          selector,
          message: statementCastMessage,
        })),
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // the web never imports server code or the database schema/driver
      'no-restricted-imports': [
        'error',
        {
          patterns: [...webImportLimits],
        },
      ],
    },
  },
  {
    // Pages and components reach the server through the api modules (web/src/api), never the transport.
    files: ['web/src/pages/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webImportLimits,
            {
              group: ['**/api/request', 'axios'],
              message: 'Call the server through the feature api module in web/src/api, not the transport.',
            },
          ],
        },
      ],
    },
  },
  {
    // The login page's first screen is plain markup (docs/decisions/web-ui-and-accessibility.md): the
    // entry, the route shell and the login form import no antd, no rc-component and no antd icons or
    // CSS-in-JS (web/scripts/bundle-size.mjs fails over 200 KiB gzip). The register dialog is lazy.
    files: [
      'web/src/main.tsx',
      'web/src/app/*.{ts,tsx}',
      'web/src/pages/login/**/*.{ts,tsx}',
      'web/src/components/{LanguageSwitch,PageLoading}.tsx',
    ],
    ignores: ['web/src/app/antd-shell.tsx', 'web/src/pages/login/RegisterDialog.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webImportLimits,
            {
              group: ['antd', 'antd/*', '@ant-design/*', '@rc-component/*'],
              allowTypeImports: true,
              message:
                "The login page's first screen carries no antd: plain markup there, antd behind a lazy import().",
            },
            {
              group: ['**/api/request', 'axios'],
              message: 'Call the server through the feature api module in web/src/api, not the transport.',
            },
          ],
        },
      ],
    },
  },
  {
    // The start-up code every page loads (site settings, stores) takes values from the model's own files:
    // the `@psi/db/model` barrel brings every declaration and zod onto the login page (42 KiB gzip).
    files: ['web/src/config/**/*.ts', 'web/src/stores/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@psi/db/model',
              allowTypeImports: true,
              message:
                'Import the value from its own file (@psi/db/model/<file>): the barrel weighs on the login page.',
            },
          ],
          patterns: [...webImportLimits],
        },
      ],
    },
  },
  {
    // The seeds and the demo write PSI data through the module's public entry (modules/psi/public.ts),
    // never its services, shared helpers or routes, which the module changes without telling them.
    files: ['server/src/seed/**/*.ts', 'server/src/modules/demo/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/psi/**', '!**/modules/psi/public', '../psi/**', '!../psi/public'],
              message: "Import the PSI module's services from modules/psi/public.ts, not its internal files.",
            },
          ],
        },
      ],
    },
  },
  {
    // Size: product functions and files stay small enough to read in one go (tests and data are exempt).
    files: ['web/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'db/src/**/*.ts', 'contract/src/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Folders show the architecture and its layers only point down (docs/architecture.md). Web: app ->
    // pages -> components -> hooks -> api, stores, i18n -> utils, config; a page never reaches into
    // another page folder. Server: a module uses core and its own files, never another module's; core
    // imports only core and @psi/db, never a module, the seed, the proxy or the fault injector.
    files: ['web/src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['web/src/**/*', 'server/src/**/*'],
      'boundaries/elements': [
        // a page folder is captured so that pages can be kept apart from each other
        ...webLayers
          .flat()
          .map((folder) =>
            folder === 'pages'
              ? { type: webType(folder), pattern: 'web/src/pages/*', capture: ['page'] }
              : { type: webType(folder), pattern: `web/src/${folder}` },
          ),
        { type: 'server-module', pattern: 'server/src/modules/*', capture: ['module'] },
        { type: 'server-core', pattern: 'server/src/core' },
        { type: 'server-seed', pattern: 'server/src/seed' },
        { type: 'server-proxy', pattern: 'server/src/proxy' },
        { type: 'server-faults', pattern: 'server/src/faults' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            ...webLayersPointDown(),
            {
              from: { element: { type: 'web-pages' } },
              disallow: {
                to: { element: { type: 'web-pages', captured: { page: '!{{ from.captured.page }}' } } },
              },
              message:
                'A page imports components, hooks, api, stores, i18n, utils and config, never another page folder.',
            },
            {
              from: { element: { type: 'web-api' } },
              disallow: { to: { element: { type: 'web-stores' } } },
              message:
                'The api does not read the stores (the stores call the api); the session reaches the HTTP client through api/session-bridge.',
            },
            {
              from: { element: { type: 'web-i18n' } },
              disallow: { to: { element: { type: 'web-stores' } } },
              message:
                'i18n does not read the stores: the settings store applies the language (applyLanguage).',
            },
            {
              from: { element: { type: 'server-module' } },
              disallow: {
                to: {
                  element: { type: 'server-module', captured: { module: '!{{ from.captured.module }}' } },
                },
              },
              message: "A server module imports core and its own files, never another module's files.",
            },
            {
              from: { element: { type: 'server-core' } },
              disallow: {
                to: { element: { type: ['server-module', 'server-seed', 'server-proxy', 'server-faults'] } },
              },
              message:
                'Core imports only core and @psi/db, never a module, the seed, the proxy or the fault injector.',
            },
          ],
        },
      ],
    },
  },
);
