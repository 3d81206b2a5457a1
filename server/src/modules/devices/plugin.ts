import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AccountService } from '../account/service';
import type { BuffersService } from '../buffers/service';
import type { GatewayAccess } from './gateway-access';
import { createDevicesRepository } from './repository';
import { devicesRoutes } from './routes';
import { createDevicesService, type DevicesService } from './service';

/** The device tree, line reads and writes, and device registration (only with the device runtime). */
export async function registerDevices(
  app: FastifyInstance,
  options: {
    db: Database;
    account: AccountService;
    access: GatewayAccess;
    buffers: BuffersService;
    clock: Clock;
  },
): Promise<DevicesService> {
  const devices = createDevicesService({ ...options, repository: createDevicesRepository(options.db) });
  await app.register(devicesRoutes, { devices });
  return devices;
}
