import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import architecture from './tools/eslint/import-direction.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { architecture },
    rules: {
      'architecture/import-direction': 'error',
      'architecture/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts', 'src/web/public/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read JSON bodies loosely on purpose.
    files: ['**/*.test.ts', 'src/server/test-support/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document'] },
  },
  {
    // One write path (docs/decisions/014-unit-of-work.md): a route changes data only through
    // request.unitOfWork, and services take the transaction it opened. Neither opens a transaction, wakes the
    // mailer or announces cache changes itself; the unit of work does all three around the commit.
    files: ['src/server/routes/**/*.ts', 'src/server/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Routes and services never open a transaction: change data in request.unitOfWork (plugins/unit-of-work.ts) and take its tx.',
        },
        {
          selector: "MemberExpression[property.name='emailWorker']",
          message: 'The unit of work wakes the email worker after the commit of a transaction that queued mail; never kick it here.',
        },
        {
          selector: "CallExpression[callee.name=/^(announce|runUnitOfWork)$/]",
          message: 'Cache announcements and transactions belong to the unit of work (plugins/unit-of-work.ts).',
        },
      ],
    },
  },
);
