import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { siteConfig } from './src/shared/site-config.js';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [
    react(),
    {
      name: 'site-config-html',
      transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', siteConfig.productName),
    },
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
});
