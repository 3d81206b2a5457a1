import type { FastifyPluginAsync } from 'fastify';
import { DEMO_ALARMS_PATH, DemoAlarmRequest, ErrorBody } from '#contracts';
import { notFound } from '../../errors';
import { contract } from '../../http/contracts';
import type { SimulatorControl } from '../../simulator/fleet';
import { requireGrant } from '../auth/authenticate';

/**
 * Demo-only: present when the simulated fleet runs in this process. An administrator (SYSTEM at WRITE, as for
 * registering devices) makes a simulated device of the host's tenant raise or clear an alarm; the alarm travels
 * the real path (MQTT → gateway → alarms store → stream).
 */
export const demoRoutes: FastifyPluginAsync<{ simulator: SimulatorControl }> = async (app, { simulator }) => {
  app.addHook('onRequest', app.authenticate);

  app.post<{ Body: DemoAlarmRequest }>(
    DEMO_ALARMS_PATH,
    {
      preHandler: requireGrant('SYSTEM', 'WRITE'),
      schema: contract({
        tags: ['demo'],
        security: true,
        summary:
          'Demo only: makes a simulated device raise or clear an alarm (a forced alarm stays until cleared)',
        body: DemoAlarmRequest,
        response: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      }),
    },
    async (request, reply) => {
      const { hexacode, department, code, raised } = request.body;
      const result = await simulator.forceAlarm(request.tenant.name, hexacode, department, code, raised);
      if (result === 'DEVICE_NOT_SIMULATED')
        throw notFound('DEVICE_NOT_SIMULATED', `No simulated device ${hexacode} runs in this tenant`);
      if (result === 'DEPARTMENT_NOT_PRESENT')
        throw notFound('DEPARTMENT_NOT_PRESENT', `Device ${hexacode} has no department ${department}`);
      return reply.code(204).send();
    },
  );
};
