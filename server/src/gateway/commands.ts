import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { departmentKey } from './adf/loader';
import { type LineStatus, type WriteRefusal, encodeWrite } from './adf/translate';
import type { DeviceCache } from './device-cache';
import type { LineAddress } from './addresses';
import type { LineReader } from './lines';
import type { GatewayLogger } from './logger';
import {
  type Command,
  PROTOCOL_VERSION,
  type RefreshCommand,
  type Topics,
  type WriteCommand,
  type WriteReply,
} from './protocol';

export type WriteResult =
  | { result: 'ACCEPTED'; raw: number }
  /** by 'server': refused before sending (read-only, limits, bad value); by 'device': the device said no. */
  | { result: 'REFUSED'; by: 'server' | 'device'; reason: WriteRefusal; message?: string }
  | { result: 'TIMEOUT' }
  /** Nothing was sent: the device, its ADF, the department/page/line is missing, or the device is offline. */
  | { result: 'UNAVAILABLE'; status: LineStatus };

export interface CommandChannelOptions {
  topics: Topics;
  reader: LineReader;
  cache: DeviceCache;
  /** The gateway's connection; undefined before start and after stop. */
  client(): MqttClient | undefined;
  isVirtual(tenant: string, hexacode: string): boolean;
  log: GatewayLogger;
  /** How long a device has to answer a line write, unless the caller says otherwise. */
  writeTimeoutMs: number;
}

/**
 * Server → device: line writes (checked against the ADF first, then answered by the device on `replies` or timed
 * out) and refresh requests (answered by the next values snapshot of the department).
 */
export class CommandChannel {
  private readonly pending = new Map<string, { resolve: (r: WriteResult) => void; timer: NodeJS.Timeout }>();
  /** "tenant/hex/d.s" → resolvers waiting for the next values message of that department (refresh). */
  private readonly valueWaiters = new Map<string, Set<() => void>>();
  private readonly writes: Record<WriteResult['result'], number> = {
    ACCEPTED: 0,
    REFUSED: 0,
    TIMEOUT: 0,
    UNAVAILABLE: 0,
  };

  /** Commands handed to the broker (writes and refreshes). */
  private published = 0;

  constructor(private readonly options: CommandChannelOptions) {}

  metrics(): {
    pendingWrites: number;
    writes: Record<WriteResult['result'], number>;
    commandsPublished: number;
  } {
    return {
      pendingWrites: this.pending.size,
      writes: { ...this.writes },
      commandsPublished: this.published,
    };
  }

  async writeLine(
    address: LineAddress,
    value: string | number,
    options: { timeoutMs?: number; factorySettings?: boolean },
  ): Promise<WriteResult> {
    const result = await this.write(address, value, options);
    this.writes[result.result]++;
    return result;
  }

  /** A device's answer to a write; ignored when it is another instance's command or came after the timeout. */
  onReply(reply: WriteReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(reply.id);
    pending.resolve(
      reply.result === 'ACCEPTED'
        ? { result: 'ACCEPTED', raw: 0 }
        : { result: 'REFUSED', by: 'device', reason: reply.reason },
    );
  }

  /** A values message of "tenant/hex/d.s" arrived: refreshes waiting for it are answered. */
  onValues(departmentSource: string): void {
    const waiters = this.valueWaiters.get(departmentSource);
    if (!waiters) return;
    this.valueWaiters.delete(departmentSource);
    for (const waiter of waiters) waiter();
  }

  async refresh(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
    timeoutMs: number,
  ): Promise<boolean> {
    const { client, isVirtual, cache } = this.options;
    if (!client() || isVirtual(tenant, hexacode) || !cache.get(tenant, hexacode)?.online) return false;
    const key = `${tenant}/${hexacode}/${departmentKey(department, subDepartment)}`;
    const arrived = new Promise<boolean>((resolve) => {
      let set = this.valueWaiters.get(key);
      if (!set) this.valueWaiters.set(key, (set = new Set()));
      const waiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        set.delete(waiter);
        if (set.size === 0) this.valueWaiters.delete(key);
        resolve(false);
      }, timeoutMs);
      set.add(waiter);
    });
    const command: RefreshCommand = {
      v: PROTOCOL_VERSION,
      type: 'refresh',
      id: randomUUID(),
      department,
      subDepartment,
    };
    this.publish(tenant, hexacode, command, 'gateway: refresh publish failed');
    return arrived;
  }

  /** Ends every wait at once: refreshes resolve as answered, writes as timed out. */
  stop(): void {
    for (const set of this.valueWaiters.values()) for (const waiter of set) waiter();
    this.valueWaiters.clear();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.resolve({ result: 'TIMEOUT' });
      this.pending.delete(id);
    }
  }

  private async write(
    address: LineAddress,
    value: string | number,
    options: { timeoutMs?: number; factorySettings?: boolean },
  ): Promise<WriteResult> {
    const { tenant, hexacode, department, subDepartment, page, line } = address;
    if (this.options.isVirtual(tenant, hexacode)) {
      return {
        result: 'REFUSED',
        by: 'server',
        reason: 'READ_ONLY',
        message: 'virtual device lines are computed',
      };
    }
    const resolved = await this.options.reader.resolveDepartment(address);
    if ('status' in resolved) return { result: 'UNAVAILABLE', status: resolved.status };
    if (!resolved.kind.pages.has(page)) return { result: 'UNAVAILABLE', status: 'PAGE_NOT_PRESENT' };
    const adfLine = resolved.kind.line(page, line);
    if (!adfLine) return { result: 'UNAVAILABLE', status: 'LINE_NOT_PRESENT_IN_ADF' };
    if (adfLine.factorySettings && !options.factorySettings) {
      return {
        result: 'REFUSED',
        by: 'server',
        reason: 'FACTORY_SETTINGS',
        message: 'factory-settings line',
      };
    }
    const encoded = encodeWrite(adfLine, value);
    if (!encoded.ok)
      return { result: 'REFUSED', by: 'server', reason: encoded.reason, message: encoded.message };
    if (!this.options.cache.get(tenant, hexacode)?.online) {
      return { result: 'UNAVAILABLE', status: 'DEVICE_CAN_RECEIVED' };
    }
    if (!this.options.client()) return { result: 'UNAVAILABLE', status: 'ERROR' };

    const command: WriteCommand = {
      v: PROTOCOL_VERSION,
      type: 'write',
      id: randomUUID(),
      department,
      subDepartment,
      page,
      line,
      raw: encoded.raw,
    };
    const answer = new Promise<WriteResult>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(command.id);
        resolve({ result: 'TIMEOUT' });
      }, options.timeoutMs ?? this.options.writeTimeoutMs);
      this.pending.set(command.id, {
        timer,
        // The device's ACCEPTED does not echo the value: report the raw value that was sent.
        resolve: (r) => resolve(r.result === 'ACCEPTED' ? { result: 'ACCEPTED', raw: encoded.raw } : r),
      });
    });
    this.publish(tenant, hexacode, command, 'gateway: command publish failed');
    return answer;
  }

  private publish(tenant: string, hexacode: string, command: Command, failure: string): void {
    const client = this.options.client();
    if (!client) return;
    this.published++;
    client.publish(
      this.options.topics.commands(tenant, hexacode),
      JSON.stringify(command),
      { qos: 1 },
      (error) => {
        if (error) this.options.log.warn({ err: error, tenant, hexacode }, failure);
      },
    );
  }
}
