import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { loadVirtualDevices } from '../modules/devices/registration';
import { DatabaseDeviceRegistry } from '../modules/devices/registry';
import type { GatewayAccess } from '../modules/devices/gateway-access';
import {
  demoFleet,
  startFleet,
  type Fleet,
  type FleetOptions,
  type RunningFleet,
  type SimulatorControl,
} from '../simulator/fleet';
import { type AdfRegistry, loadAdfs } from './adf/loader';
import { type EmbeddedBroker, startBroker } from './broker';
import type { GatewayClock } from './clock';
import { Gateway } from './gateway';
import { type GatewayLogger, silentLogger } from './logger';

export interface DeviceRuntimeOptions {
  db: Database;
  adfs?: AdfRegistry;
  /** External broker (MQTT_URL); unset: an embedded Aedes on `port`. */
  url?: string | undefined;
  /** Embedded broker port (MQTT_PORT); 0 picks a free one (tests). */
  port: number;
  host?: string;
  /** The server's identity on an external broker. */
  username?: string | undefined;
  password?: string | undefined;
  /** Run the demo fleet against the same broker. */
  simulator?: boolean;
  /** The topics' first levels (MQTT_TOPIC_PREFIX); default `devices`. */
  prefix?: string;
  fleet?: Fleet;
  fleetOptions?: Partial<FleetOptions>;
  writeTimeoutMs?: number;
  logger?: GatewayLogger;
  /** The gateway's time and timers (stale values, lost devices); tests pass a manual one. */
  clock?: GatewayClock;
}

/**
 * Broker (embedded or external), gateway and, in demo mode, the simulated fleet, as one unit with a start and a
 * stop. The gateway exists after start(); routes reach it through this object (GatewayAccess).
 */
export class DeviceRuntime implements GatewayAccess {
  readonly registry: DatabaseDeviceRegistry;
  private current: Gateway | undefined;
  private broker: EmbeddedBroker | undefined;
  private fleet: RunningFleet | undefined;
  private loadedAdfs: AdfRegistry | undefined;
  private brokerUrl: string | undefined;

  constructor(private readonly options: DeviceRuntimeOptions) {
    this.registry = new DatabaseDeviceRegistry(options.db);
    this.loadedAdfs = options.adfs;
  }

  /** The app's logger, once the app exists (main.ts builds the runtime first). */
  useLogger(logger: GatewayLogger): void {
    this.options.logger = logger;
  }

  get gateway(): Gateway {
    if (!this.current) throw new Error('the device gateway is not started yet');
    return this.current;
  }

  get adfs(): AdfRegistry {
    if (!this.loadedAdfs) throw new Error('the ADFs are not loaded yet');
    return this.loadedAdfs;
  }

  get started(): boolean {
    return this.current !== undefined;
  }

  /** mqtt://host:port devices connect to (for the banner), once started. */
  get url(): string | undefined {
    return this.brokerUrl;
  }

  get embedded(): boolean {
    return this.options.url === undefined;
  }

  get connected(): boolean {
    return this.current?.connected ?? false;
  }

  get simulatedDevices(): RunningFleet['devices'] {
    return this.fleet?.devices ?? [];
  }

  /** Alarms on demand on the in-process simulated fleet (the demo route); undefined when it does not run here. */
  get simulator(): SimulatorControl | undefined {
    if (!this.options.simulator) return undefined;
    return {
      forceAlarm: async (...args) => (this.fleet ? this.fleet.forceAlarm(...args) : 'DEVICE_NOT_SIMULATED'),
    };
  }

  /** `step` hears what it does now (the start's readiness shows it while it lasts). */
  async start(step: (name: string) => void = () => {}): Promise<void> {
    const log = this.options.logger ?? silentLogger;
    this.loadedAdfs ??= await loadAdfs();
    let url = this.options.url;
    let server: { username?: string | undefined; password?: string | undefined } = {
      username: this.options.username,
      password: this.options.password,
    };
    if (!url) {
      step('starting the broker');
      // A new random server password per start: nothing to configure, nothing to leak.
      const identity = { username: 'coldwatch-server', password: randomBytes(24).toString('base64url') };
      this.broker = await startBroker({
        port: this.options.port,
        host: this.options.host ?? '0.0.0.0',
        credentials: this.registry,
        server: identity,
        logger: log,
        prefix: this.options.prefix,
      });
      url = `mqtt://127.0.0.1:${this.broker.port}`;
      server = identity;
    }
    this.brokerUrl = url;
    step('connecting the gateway');
    const gateway = new Gateway({
      url,
      ...server,
      adfs: this.loadedAdfs,
      directory: this.registry,
      logger: log,
      writeTimeoutMs: this.options.writeTimeoutMs,
      prefix: this.options.prefix,
      ...(this.options.clock ? { clock: this.options.clock } : {}),
    });
    await gateway.start();
    this.current = gateway;
    step('loading virtual devices');
    await this.reloadVirtualDevices();
    if (this.options.simulator) {
      step('connecting the simulated fleet');
      this.fleet = await startFleet(this.options.fleet ?? demoFleet, this.loadedAdfs, {
        url,
        ...(this.options.prefix ? { prefix: this.options.prefix } : {}),
        ...this.options.fleetOptions,
        log: this.options.fleetOptions?.log ?? ((message) => log.debug({}, `simulator: ${message}`)),
      });
    }
  }

  /** Loads every tenant's virtual devices from the database into the gateway. */
  async reloadVirtualDevices(): Promise<void> {
    const byTenant = await loadVirtualDevices(this.options.db);
    for (const [tenant, definitions] of byTenant) this.gateway.setVirtualDevices(tenant, definitions);
  }

  async stop(): Promise<void> {
    await this.fleet?.stop().catch(() => {});
    this.fleet = undefined;
    await this.current?.stop().catch(() => {});
    this.current = undefined;
    await this.broker?.close().catch(() => {});
    this.broker = undefined;
  }
}
