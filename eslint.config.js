import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'data/**',
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
    ignores: ['server/src/modules/psi/**'],
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
          patterns: [
            { group: ['@psi/server', '@psi/server/*'], message: 'The web must not import server code.' },
            {
              group: [
                '@psi/db/schema',
                '@psi/db/client',
                '@psi/db/seed',
                '@psi/db/migrate',
                '@psi/db/password',
              ],
              message: 'The web imports only @psi/db/model.',
            },
          ],
        },
      ],
    },
  },
);
