// ESLint's flat config for the page, the build tools and the end-to-end tests (`./lab check`).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['dist/**', 'target/**', 'node_modules/**', 'fuzz/**', 'benches/**'] },
  js.configs.recommended,
  {
    files: ['www/**/*.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.worker },
    },
  },
  {
    files: ['tools/**/*.mjs', 'tests/e2e/**/*.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
  },
  {
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
];
