import type { Config } from './config';

/** Node's error for a port another program listens on (net.Server 'error'). */
interface AddressInUse {
  code: 'EADDRINUSE';
  port?: number;
}

const isAddressInUse = (error: unknown): error is AddressInUse =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';

/**
 * What an operator reads when the server cannot start. A port already taken is the usual first-run surprise (a
 * second copy, another program on 8080 or 1884): it is named with the setting that moves it, not as a stack trace.
 */
export function whyStartFailed(error: unknown, config: Pick<Config, 'port' | 'mqttPort'>): string {
  if (isAddressInUse(error)) {
    const port = error.port ?? config.port;
    const setting = port === config.mqttPort && port !== config.port ? 'MQTT_PORT' : 'PORT';
    return `Coldwatch failed to start: port ${port} is already in use by another program. Stop it, or set ${setting} to a free port.`;
  }
  return `Coldwatch failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
