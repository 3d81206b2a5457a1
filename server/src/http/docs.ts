import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document, built from the route contracts: UI at /api/docs, JSON at /api/docs/json. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Coldwatch API',
        version: '1',
        description: 'The tenant is chosen by the Host header: acme.example.com addresses the tenant "acme".',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
