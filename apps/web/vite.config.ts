import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { criticalPathCheck } from './vite/criticalPath';

const server = 'http://localhost:3000';

/**
 * What the sign-in page must render without: the signed-in app's heavy parts. Each arrives with
 * the route (or the click) that needs it.
 */
const NOT_FOR_LOGIN = [
  /\/node_modules\/(socket\.io-client|engine\.io-client)\//,
  /\/node_modules\/emoji-picker-react\//,
  /\/node_modules\/mixpanel-browser\//,
  /\/node_modules\/@tanstack\/react-virtual\//,
  /\/node_modules\/@mantine\/(charts|dropzone)\//,
  // Charts: the reports' (chart.js and its colour helper).
  /\/node_modules\/(chart\.js|@kurkle\/color)\//,
  // The date pickers: only DatesProvider (the pickers' language, app/DatesLanguage) is for all.
  /\/node_modules\/@mantine\/dates\/(?!esm\/components\/DatesProvider\/)/,
  // The toast container, until the first toast (lib/toastSignal).
  /\/node_modules\/@mantine\/notifications\/esm\/Notifications\.mjs$/,
  /\/node_modules\/react-transition-group\//,
  // The feature screens' strings (lib/i18nFeatures), fetched with the signed-in layouts.
  /\/src\/locales\/\w+\/(?!(common|messages|validation|auth)\.json$)/,
  // Every feature but the sign-in pages and the form helpers they share with the rest.
  /\/src\/features\/(?!auth\/|shared\/)/,
  /\/src\/app\/layouts\/AdminShell/,
  /\/src\/app\/shell\/SideNav/,
];

/**
 * Libraries every page runs on, in a chunk of their own so a deploy that changes only the app
 * leaves them cached (a year, immutable). Only packages the first page uses whole belong here:
 * a package with parts only some pages use would drag those parts into every first load.
 */
const STABLE_LIBRARIES = /\/node_modules\/(react|react-dom|scheduler|react-router|i18next)\//;

// Paths are relative to apps/web: `npm run build -w @sapa/web` runs here and writes apps/web/dist.
export default defineConfig({
  plugins: [
    react(),
    criticalPathCheck([
      {
        name: '/login',
        modules: ['src/features/auth/LoginPage.tsx', 'src/app/layouts/AuthLayout.tsx'],
        forbidden: NOT_FOR_LOGIN,
      },
    ]),
    // Brotli (max quality) and gzip twins of every text file, written once at build time so the
    // server only picks one per request (@fastify/static preCompressed) and never compresses.
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/socket.io': { target: server, ws: true },
      '/webhooks': server,
      '/dev': server,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each page imports, for tools that read the build.
    manifest: true,
    rollupOptions: {
      output: {
        manualChunks(id) {
          return STABLE_LIBRARIES.test(id) ? 'vendor' : undefined;
        },
      },
    },
  },
});
