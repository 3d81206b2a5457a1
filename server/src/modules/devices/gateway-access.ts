import type { AdfRegistry } from '../../gateway/adf/loader';
import type { Gateway } from '../../gateway/gateway';
import type { DatabaseDeviceRegistry } from './registry';

/**
 * The one way modules reach the gateway: lets routes and the socket reach it, which exists once the broker
 * connection is made.
 */
export interface GatewayAccess {
  readonly gateway: Gateway;
  readonly adfs: AdfRegistry;
  readonly registry: DatabaseDeviceRegistry;
}
