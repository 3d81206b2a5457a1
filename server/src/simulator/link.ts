import mqtt, { type MqttClient } from 'mqtt';

export interface DeviceLinkOptions {
  url: string;
  /** "<tenant>/<hexacode>": the username and, as the broker requires, the client id. */
  username: string;
  password: string;
  /** The retained "offline" status the broker publishes when the connection is lost. */
  will: { topic: string; payload: string };
  /** Runs after every (re)connection, before it counts as up: subscribe to commands, announce, publish. */
  onConnect(client: MqttClient): Promise<void>;
  onMessage(topic: string, payload: Buffer): void;
  log?: (message: string) => void;
  /** First and longest wait between attempts; each failure doubles the wait, with jitter. */
  backoff?: { initialMs: number; maxMs: number };
  /** How long the broker may take to accept the connection, and then to acknowledge `onConnect`'s work. */
  answerTimeoutMs?: number;
}

const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 30_000 };
const DEFAULT_ANSWER_TIMEOUT_MS = 5000;

/**
 * `work` on `client`, failed as soon as the connection closes or the broker stays silent for `ms`. A QoS 1 publish
 * on a connection that closes waits for its acknowledgement for ever (this client never reconnects to resend it),
 * and with it the fleet's start and the server's readiness.
 */
function whileOpen(client: MqttClient, work: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      client.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const closed = () => settle(new Error('the connection closed before the broker acknowledged it'));
    const timer = setTimeout(() => settle(new Error(`no acknowledgement within ${ms} ms`)), ms);
    client.once('close', closed);
    work.then(() => settle(), settle);
  });
}

/**
 * A device's MQTT connection as a real controller keeps it: after any loss (a broker restart, a network fault, a
 * connection taken away) it reconnects by itself, waiting longer after each failed attempt (with jitter, so a
 * fleet does not come back in lock step), until it is ended. A power cut (`cut`) keeps it down for a while.
 */
export class DeviceLink {
  private current: MqttClient | undefined;
  private wanted = false;
  private failures = 0;
  private downUntil = 0;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly options: DeviceLinkOptions) {}

  /** The connection, while it is up. */
  get client(): MqttClient | undefined {
    return this.current?.connected ? this.current : undefined;
  }

  /** Connects now (a power cut ends); keeps reconnecting after any loss. Rejects if this first attempt fails. */
  async connect(): Promise<void> {
    this.wanted = true;
    this.downUntil = 0;
    this.clearRetry();
    this.drop();
    try {
      await this.open();
    } catch (error) {
      this.scheduleRetry();
      throw error;
    }
  }

  /** Loses the connection without DISCONNECT (the broker publishes the will); back after `downForMs`. */
  cut(downForMs = Number.POSITIVE_INFINITY): void {
    this.downUntil = Date.now() + downForMs;
    this.clearRetry();
    this.drop();
    this.scheduleRetry();
  }

  /** Ends the link for good: `goodbye` runs on the live connection first (a clean device says offline). */
  async end(goodbye?: (client: MqttClient) => Promise<unknown>): Promise<void> {
    this.wanted = false;
    this.clearRetry();
    const client = this.current;
    this.current = undefined;
    if (!client) return;
    if (client.connected && goodbye) await goodbye(client).catch(() => {});
    await client.endAsync();
  }

  private async open(): Promise<void> {
    const { url, username, password, will } = this.options;
    const answerTimeoutMs = this.options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
    const client = await mqtt.connectAsync(
      url,
      {
        username,
        password,
        clientId: username,
        clean: true,
        protocolVersion: 4,
        reconnectPeriod: 0, // reconnecting is this class's job, with back-off
        connectTimeout: answerTimeoutMs,
        will: { topic: will.topic, payload: Buffer.from(will.payload), qos: 1, retain: true },
      },
      false, // a connection closed before its CONNACK fails the attempt (else the promise never settles)
    );
    this.current = client;
    client.on('message', (topic, payload) => this.options.onMessage(topic, payload));
    client.on('error', (error) => this.options.log?.(`${username}: ${error.message}`));
    client.on('close', () => {
      if (this.current !== client) return; // replaced or ended on purpose
      this.current = undefined;
      this.options.log?.(`${username}: connection lost`);
      this.scheduleRetry();
    });
    try {
      await whileOpen(client, this.options.onConnect(client), answerTimeoutMs);
    } catch (error) {
      this.drop();
      throw error;
    }
    this.failures = 0;
  }

  private scheduleRetry(): void {
    if (!this.wanted || this.retry || this.downUntil === Number.POSITIVE_INFINITY) return;
    const { initialMs, maxMs } = this.options.backoff ?? DEFAULT_BACKOFF;
    const backoff = Math.min(maxMs, initialMs * 2 ** this.failures) * (0.5 + Math.random() / 2);
    const wait = Math.max(backoff, this.downUntil - Date.now());
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.open().then(
        () => this.options.log?.(`${this.options.username}: back online`),
        () => {
          this.failures++;
          this.scheduleRetry();
        },
      );
    }, wait);
    this.retry.unref?.();
  }

  private clearRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
  }

  /** Destroys the socket without DISCONNECT, so the broker publishes the will. */
  private drop(): void {
    const client = this.current;
    this.current = undefined;
    if (!client) return;
    client.stream?.destroy();
    client.end(true);
  }
}
