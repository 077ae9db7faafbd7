import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

// Two builds (npm run build:client): the browser's (dist/client, served) and the server entry that
// renders pages (`--ssr`: dist/ssr, loaded by the server, never served).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
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
        // The first HTML's own script (index.html → boot.ts) and the preload helper boot.ts imports stay
        // out of it: a group takes its modules' dependencies too, so capturing index.html took boot.ts
        // into the shell, and the helper's place there made the first HTML load the whole shell at once,
        // in competition with the page's pictures (docs/decisions/0113).
        chunkSizeWarningLimit: 650,
        rolldownOptions: {
          input: ['src/client/index.html', 'src/client/main.tsx'],
          output: {
            codeSplitting: {
              groups: [
                { name: 'preload-helper', test: /\/(preload-helper|modulepreload-polyfill)\.js$/, priority: 1 },
                { name: 'shell', tags: ['$initial'], test: (id: string) => !/\/(index\.html|boot\.ts|main\.tsx)$/.test(id) },
              ],
            },
          },
        },
      },
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
}));
