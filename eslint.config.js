import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// STYLE.md boundaries, enforced here so that they hold without anyone remembering them.
function restrict(patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] };
}
const noServer = { regex: '(^|/)server/', message: 'the client never imports server code' };
const noClient = { regex: '(^|/)client/', message: 'the server never imports client code' };

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'drizzle/meta/', 'coverage/', '.scratch/', 'tests/.output/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // shared imports nothing but zod (and itself).
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: restrict([{ regex: '^(?!zod$|zod/|\\.{1,2}/)', message: 'src/shared imports nothing but zod' }, noServer, noClient]),
  },
  { files: ['src/server/**/*.ts'], rules: restrict([noClient]) },
  { files: ['src/client/**/*.{ts,tsx}'], ignores: ['src/client/features/**'], rules: restrict([noServer]) },
  {
    // A feature never imports another feature (features/<f>/<part>/file → ../../<other>); compose in app/.
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: restrict([
      noServer,
      { regex: '^\\.\\./\\.\\./(?!\\.\\.)', message: 'features never import each other; compose them in app/' },
      { regex: '(^|/)features/', message: 'features never import each other; compose them in app/' },
    ]),
  },
);
