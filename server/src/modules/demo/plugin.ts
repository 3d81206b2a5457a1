import type { FastifyInstance } from 'fastify';
import type { SimulatorControl } from '../../simulator/fleet';
import { demoRoutes } from './routes';

/** Demo mode only (the simulated fleet runs in this process): POST /api/v2/demo/alarms. */
export async function registerDemo(app: FastifyInstance, simulator: SimulatorControl): Promise<void> {
  await app.register(demoRoutes, { simulator });
}
