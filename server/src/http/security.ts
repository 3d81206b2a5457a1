import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The SPA is built by Vite into external files only, so scripts need no 'unsafe-inline'. Styles allow it because
 * charting and grid libraries set style attributes. Helmet's defaults are off so nothing unlisted (such as
 * upgrade-insecure-requests, which breaks plain-HTTP LAN installs) sneaks in. Swagger UI works under this policy.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        // The service worker (/sw.js) is same-origin; nothing else may run as a worker.
        workerSrc: ["'self'"],
      },
    },
  });
}
