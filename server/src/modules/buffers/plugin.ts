import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AccountService } from '../account/service';
import type { GatewayAccess } from '../devices/gateway-access';
import { createBuffersRepository } from './repository';
import { createBuffersService, type BuffersService } from './service';

/**
 * Buffers have no routes of their own: dashboard saves and imports create them, the device lines list them. They
 * read the lines they record through the gateway, so the app has them only with the device runtime.
 */
export function createBuffers(options: {
  db: Database;
  account: AccountService;
  access: GatewayAccess;
  clock: Clock;
  /** The recorder of history, told of every change. */
  history: { reloadBuffers(): Promise<void> };
}): BuffersService {
  const { access, history } = options;
  const buffers = createBuffersService({
    repository: createBuffersRepository(options.db),
    account: options.account,
    lines: { readLine: (address) => access.gateway.readLine(address) },
    clock: options.clock,
  });
  // A buffer created or changed by a save starts recording at once, not at the recorder's next reload.
  buffers.onChange(() => void history.reloadBuffers());
  return buffers;
}
