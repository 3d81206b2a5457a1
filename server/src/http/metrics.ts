import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the instance reads its gauges from, at each scrape. */
export interface MetricSources {
  /**
   * Messages the gateway took from the broker and refused (by reason: a malformed one, a clock far ahead…), line
   * writes it published, devices it knows and hears online.
   */
  gateway?: () => {
    received: number;
    rejected: Record<string, number>;
    published: number;
    devices: number;
    online: number;
  };
  /** Browser sockets open on this instance. */
  sockets?: () => number | undefined;
  /**
   * Live line values not sent themselves because a newer value of the same line went instead: replaced within one
   * flush, or dropped for a lagging socket whose pages were then resent whole.
   */
  replacedLiveValues?: () => number | undefined;
  /** Escalation rounds completed: a rate of none means nobody is being told of unacknowledged alarms. */
  escalationRounds?: () => number | undefined;
  /** The PostgreSQL pool (none on the embedded database). */
  pool?: () => { total: number; idle: number; waiting: number };
}

/** Seconds: API calls answer in milliseconds; the long ones are history queries and exports. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A counter whose total another part keeps: the scrape copies it. */
function mirroredCounter(registry: Registry, name: string, help: string, read: () => number | undefined) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const total = read();
      if (total === undefined) return;
      this.reset();
      this.inc(total);
    },
  });
}

/**
 * `GET /metrics` in the Prometheus text format: requests by route and status with their latency, the process's
 * own figures (event-loop lag, memory, CPU, handles), sockets, MQTT traffic, devices and the database pool. One
 * registry an app, so tests that build several apps in one process keep their counts apart. The route label is
 * the route's pattern (`/api/v2/dashboards/:id`), never the address asked for, so it cannot grow without bound.
 */
export function registerMetrics(app: FastifyInstance, sources: MetricSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'coldwatch_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'coldwatch_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'coldwatch_http_request_duration_seconds',
    help: 'Time from request to response, by route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const gauge = (name: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const value = read();
        if (value !== undefined) this.set(value);
      },
    });
  gauge('coldwatch_sockets_open', 'Browser live sockets open on this instance', () => sources.sockets?.());
  mirroredCounter(
    registry,
    'coldwatch_live_values_replaced_total',
    'Live line values a newer value of the same line replaced before they were sent to a socket',
    () => sources.replacedLiveValues?.(),
  );
  mirroredCounter(
    registry,
    'coldwatch_escalation_rounds_total',
    'Escalation rounds this instance completed (one every 5 s while it is ready)',
    () => sources.escalationRounds?.(),
  );
  const { gateway, pool } = sources;
  if (gateway) {
    mirroredCounter(
      registry,
      'coldwatch_mqtt_messages_received_total',
      'MQTT messages the gateway took from the broker',
      () => gateway().received,
    );
    new Counter({
      name: 'coldwatch_mqtt_messages_rejected_total',
      help: 'MQTT messages the gateway refused, by reason (docs/device-protocol.md, "Validation")',
      labelNames: ['reason'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [reason, total] of Object.entries(gateway().rejected)) this.inc({ reason }, total);
      },
    });
    mirroredCounter(
      registry,
      'coldwatch_mqtt_messages_published_total',
      'Line writes the gateway published to devices',
      () => gateway().published,
    );
    gauge('coldwatch_devices_known', 'Devices this instance has heard of', () => gateway().devices);
    gauge('coldwatch_devices_online', 'Devices this instance last heard online', () => gateway().online);
  }
  if (pool) {
    gauge('coldwatch_db_pool_connections', 'PostgreSQL connections open', () => pool().total);
    gauge('coldwatch_db_pool_idle', 'PostgreSQL connections idle', () => pool().idle);
    gauge('coldwatch_db_pool_waiting', 'Queries waiting for a PostgreSQL connection', () => pool().waiting);
  }

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  return registry;
}
