import { describe, expect, it } from 'vitest';
import { TEST_BACKEND } from '../testing/backends';
import { hostOf, tokenOf, useTestApp } from '../testing/app';
import { speakAsDevice } from '../testing/devices';
import { eventually } from '../testing/wait';

describe('/metrics', () => {
  // Escalation rounds run only when a test asks for one, so their count is exact.
  const ctx = useTestApp(TEST_BACKEND, { devices: true, escalationPollMs: 24 * 60 * 60 * 1000 });
  const scrape = async () => (await ctx.app.inject({ url: '/metrics' })).body;
  /** The value of the sample line `series` (name and labels as Prometheus prints them). */
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('counts requests by route pattern and status, with their latency', async () => {
    const token = await tokenOf(ctx.app, 'admin', 'Admin123');
    const headers = { host: hostOf('demo'), authorization: `Bearer ${token}` };
    for (const url of ['/api/v2/dashboards/', '/api/v2/dashboards/', '/api/v2/dashboards/no-such-id']) {
      await ctx.app.inject({ url, headers });
    }
    await ctx.app.inject({ url: '/api/no/such/route', headers });
    const text = await scrape();
    const series = (route: string, status: number, name = 'coldwatch_http_requests_total') =>
      `${name}{method="GET",route="${route}",status="${status}"}`;
    expect(sample(text, series('/api/v2/dashboards/', 200))).toBe(2);
    expect(sample(text, series('/api/v2/dashboards/:id', 404))).toBe(1);
    expect(sample(text, series('unmatched', 404))).toBe(1);
    expect(
      sample(text, series('/api/v2/dashboards/', 200, 'coldwatch_http_request_duration_seconds_count')),
    ).toBe(2);
    expect(text).toMatch(/^coldwatch_nodejs_eventloop_lag_seconds \d/m);
  });

  it('reports sockets, devices online and MQTT messages from the gateway', async () => {
    const text = await scrape();
    expect(sample(text, 'coldwatch_sockets_open')).toBe(0);
    const online = sample(text, 'coldwatch_devices_online')!;
    expect(online).toBeGreaterThan(0);
    expect(sample(text, 'coldwatch_devices_known')).toBeGreaterThanOrEqual(online);
    expect(sample(text, 'coldwatch_mqtt_messages_received_total')).toBeGreaterThan(0);
    expect(text).toMatch(/^coldwatch_mqtt_messages_published_total \d/m);
  });

  it('counts the escalation rounds the instance completed', async () => {
    const rounds = 'coldwatch_escalation_rounds_total';
    const before = sample(await scrape(), rounds)!;
    await ctx.app.escalation.tick();
    await ctx.app.escalation.tick();
    expect(sample(await scrape(), rounds)).toBe(before + 2);
  });

  it('counts device messages refused by reason, a clock far ahead among them', async () => {
    const refused = 'coldwatch_mqtt_messages_rejected_total{reason="clock_ahead"}';
    const before = sample(await scrape(), refused) ?? 0;
    await speakAsDevice(ctx.devices, 'demo', '1A0102', (client, topics) =>
      client.publishAsync(
        topics.values('demo', '1A0102', 1, 0),
        JSON.stringify({ v: 1, type: 'values', ts: 9_000_000_000_000_000, values: { '1.1': 1 } }),
        { qos: 1 },
      ),
    );
    await eventually(async () => sample(await scrape(), refused) === before + 1, { what: 'refusal counted' });
  });
});
