import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The SPA is served by the Fastify server in every mode but `npm run dev:spa`,
// which proxies /api and /client-connect to a server on :8080.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 600 },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/client-connect': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
