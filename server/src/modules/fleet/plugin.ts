import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ErrorBody, Fleet, FleetQuery } from '#contracts';
import type { Database } from '../../db/client';
import { contract } from '../../http/contracts';
import { requireGrant } from '../auth/authenticate';
import type { GatewayAccess } from '../devices/gateway-access';
import { reportDeps } from '../foodSafety/plugin';
import { foodSafetyCaseLimits } from './case-limits';
import { createFleetRepository } from './repository';
import { createFleetService, type FleetService } from './service';

const fleetRoutes: FastifyPluginAsync<{ fleet: FleetService }> = async (app, { fleet }) => {
  app.addHook('onRequest', app.authenticate);
  app.get<{ Querystring: FleetQuery }>(
    '/api/v2/fleet',
    {
      onRequest: requireGrant('DEVICES', 'READ'),
      schema: contract({
        summary:
          "The tenant's stores at a glance, worst first: devices online, alarms, the case furthest above its limit, time in limits over 24 h, the oldest live value (DEVICES at READ)",
        tags: ['fleet'],
        security: true,
        querystring: FleetQuery,
        response: { 200: Fleet, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      }),
    },
    async (request) => ({ stores: await fleet.rows(request.session!, request.query.businessGroup) }),
  );
};

/**
 * GET /api/v2/fleet: the chain overview (needs the devices' live state, so only with the gateway); a case is held
 * to its food-safety limit, as the HACCP report judges it.
 */
export async function registerFleet(app: FastifyInstance, options: { db: Database; access: GatewayAccess }) {
  const fleet = createFleetService({
    repository: createFleetRepository(options.db),
    access: options.access,
    caseLimits: foodSafetyCaseLimits(reportDeps(options.db, options.access)),
  });
  await app.register(fleetRoutes, { fleet });
}
