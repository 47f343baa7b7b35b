import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootPreloadsFrom } from './scripts/vite/boot-preloads.ts';
import { loadingShell } from './scripts/vite/loading-shell.ts';

// The web app lives in src/web and builds to dist/web, which the Fastify server serves.
// React Router's package exports name only its development build (remix-run/react-router#12532,
// #14102): in a production build the browser gets its production build, without dev warnings.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    // The first page's chunks, texts, font and hero are asked for before the entry script runs.
    // The loading message paints from the HTML, before any script has run.
    loadingShell(fileURLToPath(new URL('./src/web/locales', import.meta.url))),
    bootPreloadsFrom(fileURLToPath(new URL('./src/web/public/locale-init.js', import.meta.url))),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // The chunk graph, read by the size budget test (tests/build/web-budget.test.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
    },
  },
}));
