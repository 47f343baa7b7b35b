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

/** Modules of the entry's static import graph (the budget's "home" closure shows them). */
const SHELL_MODULES = new RegExp(
  [
    String.raw`/node_modules/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)/`,
    String.raw`/node_modules/lucide-react/dist/esm/(createLucideIcon|Icon|defaultAttributes|context|shared/src/utils)\.js$`,
    String.raw`/node_modules/lucide-react/dist/esm/icons/(x|menu|user-round|log-in|log-out|languages|shield-check)\.js$`,
    String.raw`/src/web/lib/(use-hydrated|server-rendered-part|when-idle|api-client|i18n|paths|cn|session/[\w-]+)\.tsx?$`,
    String.raw`/src/web/components/ui/(page-loading|toast-store|button)\.tsx?$`,
    String.raw`/src/web/app/(layouts/(logo|language-toggle|site-header|root-layout)|providers|router|routes|route-error)\.tsx?$`,
    String.raw`/src/shared/(constants|domain/(display-name|roles))\.ts$`,
  ].join('|'),
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads before it runs (React, the router, the header and the app's
          // small shared modules) in one chunk instead of twenty: each chunk costs its own
          // import and export code and compresses alone (decision 038). Only modules the
          // entry imports anyway belong here, or every page would load more.
          groups: [{ name: 'shell', test: SHELL_MODULES }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
    },
  },
}));
