import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The pages are written against React's API and run on Preact's (docs/decisions/0112): the browser's
 * build and the server's page renderer both, and the component tests (vitest.config.ts). 4 KiB of
 * runtime (compat included) in place of react-dom's 57 on every public page. The server's emails
 * render with React itself (react-email), outside these builds.
 */
export const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

// Two builds (npm run build:client): the browser's (dist/client, served) and the server entry that
// renders pages (`--ssr`: dist/ssr, loaded by the server, never served).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
  resolve: { alias: reactOnPreact },
  // The server entry carries its libraries (no node_modules lookups at run time) in their production builds.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: true, rollupOptions: { input: 'src/client/entry-server.tsx' } }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        sourcemap: true,
        // The app (main.tsx, started by boot.ts after load) is an entry of its own so that everything it
        // imports statically (`$initial`) makes one `shell` chunk, the part every page loads. Left to
        // itself the bundler split it into about 80 chunks, and the preload helper appended a <link> for
        // each in one long task on a phone (docs/decisions/0023).
        // The shell is about 600 kB before compression (190 KiB gzip): React, the router, MUI's core.
        chunkSizeWarningLimit: 650,
        rolldownOptions: {
          input: ['src/client/index.html', 'src/client/main.tsx'],
          output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'], test: (id: string) => !/\/(boot|main)\.tsx?$/.test(id) }] } },
        },
      },
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
}));
