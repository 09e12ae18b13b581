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
    // The build writes the file list in place of this name (tools/build-web.mjs).
    files: ['www/sw.js'],
    languageOptions: { globals: { __UHL_FILES__: 'readonly' } },
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
      // A rest sibling drops a field on purpose (`const { image, ...page } = params`).
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
];
