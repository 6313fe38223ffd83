import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // stdout carries the protocol in stdio mode; the CLI's own help/version output is the one exception.
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // The views run in the host's iframe, not in Node.
    files: ['views/**', 'test/apps-host/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['test/**', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
