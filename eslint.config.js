import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'drizzle/meta/', 'coverage/', '.scratch/', 'tests/.output/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // STYLE.md boundaries: shared imports nothing of client or server; client and server never
      // import each other; a client feature never imports another feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: './src/server', message: 'shared must not import server code' },
            { target: './src/shared', from: './src/client', message: 'shared must not import client code' },
            { target: './src/server', from: './src/client', message: 'server must not import client code' },
            { target: './src/client', from: './src/server', message: 'client must not import server code' },
            {
              target: './src/client/features/!(catalog)/**/*',
              from: './src/client/features/catalog',
              message: 'features never import each other; compose them in app/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|zod/|\\.{1,2}/)', message: 'src/shared imports nothing but zod' }] },
      ],
    },
  },
);
