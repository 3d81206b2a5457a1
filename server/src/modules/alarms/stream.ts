import type { ServerResponse } from 'node:http';
import { ALARM_STREAM_EVENT, type AlarmEntry } from '#contracts';
import type { GatewayLogger } from '../../gateway/logger';
import type { AlarmChange } from './change-feed';
import type { AlarmEntries, AlarmViewer } from './entries';
import type { AlarmsRepository } from './repository';

const HEARTBEAT_MS = 15_000;
/** A client that does not read what is sent (a frozen tab) is dropped before it costs the server memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface StreamClient {
  viewer: AlarmViewer;
  response: ServerResponse;
  /**
   * The changes its replay sent: a change committed before the stream opened, whose notification arrives after
   * it was registered, is not sent twice.
   */
  replayed: Set<number>;
}

const formatEvent = (id: number, entry: AlarmEntry) =>
  `id: ${id}\nevent: ${ALARM_STREAM_EVENT}\ndata: ${JSON.stringify(entry)}\n\n`;

/**
 * The open alarm streams of this instance, by tenant. A stored change (from this instance or, through the change
 * feed, another) is turned into the entry of its device once and written to every client of the tenant, each
 * named for its viewer. Changes are handled one after another so ids reach a client in order.
 */
export class AlarmStreams {
  private readonly byTenant = new Map<string, Set<StreamClient>>();
  private readonly heartbeat: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();
  private readonly pending: AlarmChange[] = [];

  constructor(
    private readonly deps: {
      entries: AlarmEntries;
      repository: AlarmsRepository;
      log: GatewayLogger;
      heartbeatMs?: number;
    },
  ) {
    this.heartbeat = setInterval(() => this.beat(), deps.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byTenant.values()) n += set.size;
    return n;
  }

  /** Starts streaming to `response` (headers already sent); with a Last-Event-ID, replays what changed since. */
  open(response: ServerResponse, viewer: AlarmViewer, lastEventId: number | undefined): () => void {
    const client: StreamClient = { viewer, response, replayed: new Set() };
    response.write('retry: 2000\n\n');
    this.serially(async () => {
      if (lastEventId !== undefined) await this.replay(client, lastEventId);
      if (response.destroyed || response.writableEnded) return;
      let set = this.byTenant.get(viewer.tenantId);
      if (!set) this.byTenant.set(viewer.tenantId, (set = new Set()));
      set.add(client);
    });
    const forget = () =>
      this.serially(async () => {
        const set = this.byTenant.get(viewer.tenantId);
        set?.delete(client);
        if (set?.size === 0) this.byTenant.delete(viewer.tenantId);
      });
    response.on('close', forget);
    return () => {
      if (!response.writableEnded) response.end();
    };
  }

  /**
   * A stored change: the device's entry as it is now, to every client of its tenant. Changes that arrive while one
   * is being sent wait and go out together, read from one snapshot of their tenant: a burst costs one read, not one
   * a change, and each device's entry is still the latest.
   */
  onChange(change: AlarmChange): void {
    this.pending.push(change);
    if (this.pending.length === 1) this.serially(() => this.sendPending());
  }

  private async sendPending(): Promise<void> {
    const changes = this.pending.splice(0);
    const { entries } = this.deps;
    for (const tenantId of new Set(changes.map((c) => c.tenantId))) {
      const clients = this.byTenant.get(tenantId);
      if (!clients?.size) continue;
      const snapshot = await entries.snapshot(tenantId);
      for (const change of changes.filter((c) => c.tenantId === tenantId)) {
        const entry = await entries.changedEntry(snapshot, tenantId, change.hexacode);
        if (!entry) continue;
        for (const client of clients) {
          if (client.replayed.has(change.id)) continue;
          this.send(client, formatEvent(change.id, entries.present(entry, client.viewer)));
        }
      }
    }
  }

  /** Ends every stream (shutdown). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const set of this.byTenant.values()) for (const client of set) client.response.end();
    this.byTenant.clear();
  }

  private async replay(client: StreamClient, after: number): Promise<void> {
    const { repository, entries } = this.deps;
    const tenantId = client.viewer.tenantId;
    const changed = await repository.changedAfter(tenantId, after);
    if (changed.length === 0) return;
    const snapshot = await entries.snapshot(tenantId);
    for (const { hexacode, id } of changed) {
      const entry = await entries.changedEntry(snapshot, tenantId, hexacode);
      if (!entry) continue;
      this.send(client, formatEvent(id, entries.present(entry, client.viewer)));
      client.replayed.add(id);
    }
  }

  private send(client: StreamClient, text: string): void {
    const { response } = client;
    if (response.destroyed || response.writableEnded) return;
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      this.deps.log.warn({}, 'alarms: a stream client does not read; closing it');
      response.destroy();
      return;
    }
    response.write(text);
  }

  private beat(): void {
    for (const set of this.byTenant.values()) for (const client of set) this.send(client, ': heartbeat\n\n');
  }

  private serially(work: () => Promise<void>): void {
    this.chain = this.chain
      .then(work)
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'alarms: stream update failed'));
  }
}
