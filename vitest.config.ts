import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const shared = { testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'node',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'components',
          include: ['src/client/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/dom.ts'],
        },
      },
    ],
  },
});
