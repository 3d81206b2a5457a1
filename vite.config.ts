import { randomUUID } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Stamps each build with an id: injected as __BUILD_ID__ and emitted as dist/version.json. The running
 * SPA polls version.json and offers a reload when the deployed id differs from its own.
 */
function buildVersion(): Plugin {
  const buildId = `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`;
  const body = JSON.stringify({ buildId });
  return {
    name: 'coldwatch-build-version',
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body });
    },
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(body);
      });
    },
  };
}

/**
 * The service worker (src/serviceWorker/sw.ts) gets the list of files to precache: the app shell, never
 * version.json (the update poll must reach the server) nor source maps. The manifest and icons are the server's
 * (one per tenant), and the page registers the worker itself (src/services/serviceWorker.ts).
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/serviceWorker',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html}'],
      globIgnores: ['sw.js', 'version.json', '**/*.map'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });

/**
 * Each text asset is compressed once at build, with brotli at its best and gzip for older clients; the server
 * sends the variant the browser accepts (server/src/http/spa.ts) without compressing anything per request.
 */
const precompressed = () =>
  compression({
    algorithms: ['brotliCompress', 'gzip'],
    exclude: [/\.map$/],
    threshold: 1024,
    logLevel: 'silent',
  });

// The SPA is served by the Fastify server in every mode but `npm run dev:spa`,
// which proxies the API, the socket and the per-tenant favicon and manifest to a server on :8080.
export default defineConfig({
  plugins: [react(), tailwindcss(), buildVersion(), serviceWorker(), precompressed()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // A language's areas (src/i18n/<code>/*.json) travel as one chunk: one request when a user picks it.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: (id) => /\/i18n\/([a-z]{2})\/[^/]+\.json$/.exec(id)?.[1] ?? null,
              test: /\/i18n\/(?!en\/)[a-z]{2}\//,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/favicon.svg': 'http://localhost:8080',
      '/manifest.webmanifest': 'http://localhost:8080',
      '/icons': 'http://localhost:8080',
      '/client-connect': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
