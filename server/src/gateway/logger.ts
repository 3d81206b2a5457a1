/** The subset of pino (Fastify's logger) the gateway uses, so it takes app.log as is. */
export interface GatewayLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const noop = () => {};
export const silentLogger: GatewayLogger = { debug: noop, info: noop, warn: noop, error: noop };
