import { type PageTopic, REPORTED_RESEND_MS, type ServerMessage } from '#contracts';
import type { Freshness } from '../../gateway/gateway';
import type { Client } from './client';

type DepartmentFreshness = Extract<ServerMessage, { type: 'Freshness' }>['payload']['departments'][number];

export interface FreshnessPushOptions {
  clients: ReadonlySet<Client>;
  /** The gateway's word on a department of the client's tenant. */
  freshness(tenant: string, topic: PageTopic): Freshness;
  send(client: Client, message: ServerMessage): void;
}

/** How often the departments clients watch are looked at: a stale mark shows within about a second. */
const PUSH_EVERY_MS = 1000;

const departmentOf = (topic: PageTopic) => `${topic.hexacode}/${topic.department}.${topic.subDepartment}`;

/** Whether a client must hear of `now` after it was `told`: staleness at once, report times every few seconds. */
function worthTelling(told: Freshness | undefined, now: Freshness): boolean {
  if (!told || told.stale !== now.stale) return true;
  if (told.reportedAt === now.reportedAt) return false;
  if (told.reportedAt === null || now.reportedAt === null) return true;
  return Math.abs(now.reportedAt - told.reportedAt) >= REPORTED_RESEND_MS;
}

/**
 * Tells each client when the departments it watches reported and whether that is stale, as the gateway decides:
 * with every LineValues message (stamp), and on a timer for what changed without new values (a device gone
 * silent turns stale, a page whose values do not change still gets its report time), so that a browser losing
 * its socket shows each value's true age.
 */
export class FreshnessPush {
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: FreshnessPushOptions) {
    this.timer = setInterval(() => this.push(), PUSH_EVERY_MS);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** The freshness to send with a page's values now; the client is then told of it. */
  stamp(client: Client, topic: PageTopic): Freshness {
    const now = this.options.freshness(client.identity.tenant, topic);
    client.told.set(departmentOf(topic), now);
    return now;
  }

  private push(): void {
    for (const client of this.options.clients) {
      if (client.closed || client.lagging) continue;
      const changed: DepartmentFreshness[] = [];
      const seen = new Set<string>();
      for (const { topic } of client.subscriptions.values()) {
        const key = departmentOf(topic);
        if (seen.has(key)) continue;
        seen.add(key);
        const now = this.options.freshness(client.identity.tenant, topic);
        if (!worthTelling(client.told.get(key), now)) continue;
        client.told.set(key, now);
        const { hexacode, department, subDepartment } = topic;
        changed.push({ hexacode, department, subDepartment, ...now });
      }
      if (changed.length > 0)
        this.options.send(client, { type: 'Freshness', payload: { departments: changed } });
    }
  }
}
