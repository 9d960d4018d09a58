import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:3000';

/**
 * Libraries only reached through import(): left out of the vendor chunk so they stay lazy. The
 * date pickers are used by four lazily loaded pages only (DatesProvider, a few hundred bytes,
 * is all the shell needs): in the vendor chunk they added 71 kB to every first load.
 */
const LAZY_PACKAGES = ['mixpanel-browser', 'emoji-picker-react', 'shipstyles', '@mantine/dates'];

// Paths are relative to apps/web: `npm run build -w @sapa/web` runs here and writes apps/web/dist.
export default defineConfig({
  plugins: [react()],
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
    // The React + Mantine + router runtime is one cached vendor chunk, about 800 kB before gzip.
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // Libraries change less often than the app, so a separate chunk stays cached across
        // deploys. One chunk only: splitting libraries further creates import cycles between
        // chunks. mixpanel-browser keeps its own lazily loaded chunk (only with a token), and
        // so does the emoji picker with its data (only when the composer's picker opens).
        manualChunks(id) {
          if (!id.includes('node_modules') || LAZY_PACKAGES.some((p) => id.includes(p))) {
            return undefined;
          }
          return 'vendor';
        },
      },
    },
  },
});
