import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// The boundaries of docs/decisions/0004, enforced on resolved paths so that they hold at any folder
// depth and whatever the import's spelling (relative, with or without extension).
const foldersOf = (dir) => readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const features = foldersOf('src/client/features');
// The admin's tabs share only its shell, components and API calls.
const adminShared = ['api', 'components', 'shell'];
const adminTabs = foldersOf('src/client/features/admin').filter((name) => !adminShared.includes(name));
// The server's contexts (src/server/modules/README.md): each is imported from outside only through its index.ts.
const contexts = foldersOf('src/server/modules');
const contextEntries = contexts.map((context) => `./${context}/index.ts`);

const zones = [
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'src/shared imports nothing of client or server' },
  { target: './src/client', from: './src/server', message: 'the client never imports server code' },
  { target: './src/server', from: './src/client', message: 'the server never imports client code' },
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'features never import each other; compose them in src/client/app',
  })),
  ...adminTabs.map((tab) => ({
    target: `./src/client/features/admin/${tab}`,
    from: './src/client/features/admin',
    except: [`./${tab}`, ...adminShared.map((folder) => `./${folder}`)],
    message: 'an admin tab never imports another tab: what tabs share goes in admin/components',
  })),
  {
    target: ['./src/client/components', './src/client/lib'],
    from: './src/client/features',
    message: 'components/ and lib/ are generic: they never import a feature',
  },
  ...contexts.map((context) => ({
    target: `./src/server/modules/${context}`,
    from: './src/server/modules',
    except: [`./${context}`, ...contextEntries],
    message: 'a context imports another only through its index.ts (src/server/modules/README.md)',
  })),
  {
    target: ['./src/server/*.ts', './src/server/db', './src/server/lib', './src/server/plugins', './src/server/ssr'],
    from: './src/server/modules',
    except: contextEntries,
    message: 'the server imports a context only through its index.ts (src/server/modules/README.md)',
  },
  {
    target: './src/server/**/*.routes.ts',
    from: ['./src/server/**/*.repo.ts', './src/server/db/**', './node_modules/drizzle-orm/**'],
    message: 'routes talk to services; only repositories touch the database',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'drizzle/meta/', 'coverage/', '.scratch/', 'tests/.output/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    // A promise nobody awaits loses its error (an unhandled rejection ends the process) and its order.
    // Typed against the server's own program (no client, no MUI types: lint stays fast); the colocated
    // tests are outside it, and vitest fails a test on an unhandled rejection anyway.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.server.json', tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': 'error' },
  },
  {
    // shared imports no package but zod.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|zod/|\\.{1,2}/)', message: 'src/shared imports nothing but zod' }] }],
    },
  },
  {
    files: ['src/client/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
