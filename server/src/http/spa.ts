import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors';
import { isApiPath } from '../modules/tenancy/plugin';

/**
 * Vite puts content-hashed files under assets/: they never change, so browsers may keep them for a year. Anything
 * else (index.html and the service worker sw.js above all) is revalidated on every load, so a new release reaches
 * users at once: the browser finds a new sw.js, installs it, and the app offers to reload into it.
 */
const cacheHeaders =
  (distDir: string) =>
  (response: SetHeadersResponse, path: string): void => {
    const hashed = path.startsWith(join(distDir, 'assets'));
    response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    // The worker controls the whole origin (scope /), which its place at the root already allows; said outright.
    if (path === join(distDir, 'sw.js')) response.setHeader('Service-Worker-Allowed', '/');
  };

const wantsPage = (request: FastifyRequest) =>
  request.method === 'GET' && !isApiPath(request.url) && (request.headers.accept ?? '').includes('text/html');

const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Coldwatch</title></head>' +
  '<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto"><h1>The web app is not built yet</h1>' +
  '<p>The API runs. To get the web app, run <code>npm run build</code> (it writes dist/); ' +
  'the server picks it up without a restart.</p></body></html>';

/**
 * Serves the built SPA from distDir, with the history fallback: a page request for a path that is no file gets
 * index.html, so deep links such as /dashboard/7 load the app, which then routes on the client.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    cacheControl: false,
    // dist/ holds a .br and a .gz beside each text asset (vite.config.ts): sent as they are when accepted.
    preCompressed: true,
    setHeaders: cacheHeaders(distDir),
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsPage(request)) {
      return reply
        .code(404)
        .send(errorBody(404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
    }
    if (!existsSync(join(distDir, 'index.html'))) {
      return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    }
    return reply.sendFile('index.html', { cacheControl: false });
  });
}
