import type { FastifyInstance } from 'fastify';
import { themeRoutes } from './routes';

/** The host's tenant theme and its assets (logos, favicon, manifest): public, no sign-in. */
export async function registerThemes(app: FastifyInstance): Promise<void> {
  await app.register(themeRoutes);
}
