import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/** What no web file may import: server code, or the database beyond its isomorphic model. */
const webImportLimits = [
  { group: ['@psi/server', '@psi/server/*'], message: 'The web must not import server code.' },
  {
    group: ['@psi/db/schema', '@psi/db/client', '@psi/db/seed', '@psi/db/migrate', '@psi/db/password'],
    message: 'The web imports only @psi/db/model.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'data/**',
      '.venv-fuzz/**',
      '.schemathesis/**',
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
    // Size: product functions and files stay small enough to read in one go (tests and data are exempt).
    files: ['web/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'db/src/**/*.ts', 'contract/src/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Folders show the architecture: a page never reaches into another page folder (shared pieces live in
    // components, api, stores or utils); a server module uses core and its own files, never another
    // module's; core never imports a module.
    files: ['web/src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['web/src/**/*', 'server/src/**/*'],
      'boundaries/elements': [
        { type: 'web-page', pattern: 'web/src/pages/*', capture: ['page'] },
        { type: 'server-module', pattern: 'server/src/modules/*', capture: ['module'] },
        { type: 'server-core', pattern: 'server/src/core' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-page' } },
              disallow: {
                to: { element: { type: 'web-page', captured: { page: '!{{ from.captured.page }}' } } },
              },
              message:
                'A page imports components, api, stores and shared libraries, never another page folder.',
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
              disallow: { to: { element: { type: 'server-module' } } },
              message: 'Core never imports a module.',
            },
          ],
        },
      ],
    },
  },
);
