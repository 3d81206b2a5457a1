import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The SPA is built by Vite into external files only, so scripts need no 'unsafe-inline'. Styles allow it because
 * charting and grid libraries set style attributes. Helmet's defaults are off so nothing unlisted (such as
 * upgrade-insecure-requests, which breaks plain-HTTP LAN installs) sneaks in. Swagger UI works under this policy.
 *
 * Helmet is made once here: @fastify/helmet made it again from these options on every request, parsing the policy
 * each time, about a twentieth of the server's time on a signed-in call (issue 14).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // 'self' covers this origin's ws: and wss: too (CSP Level 3): the live socket, and no other host.
        connectSrc: ["'self'"],
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
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}
