import { departmentKey, lineKey } from './adf/loader';
import type { DepartmentAddress, LineAddress } from './addresses';
import type { GatewayEvent, RawLineValue } from './events';
import type { GatewayLogger } from './logger';
import { applyAlarmChange, offlineStatus, withAlarm } from './statuses';
import type { PresenceHeard } from './lost-devices';
import type {
  AlarmMessage,
  DepartmentStatus,
  DepartmentStatusMessage,
  StatusMessage,
  ValuesMessage,
} from './protocol';

interface DepartmentState {
  status?: DepartmentStatus;
  alarms?: string[];
  /** The newest `ts` of the department status or alarm list applied (a retained copy older than it is out of date). */
  statusTs?: number;
  values?: Map<string, number | null>;
  ts?: number;
  /** "tenant/hex/d.s", what values hooks name the department by: made once, not for every message. */
  source?: string;
  /** When the values were reported: the device's `ts`, never later than the server's clock on arrival. */
  reportedAt?: number;
}

/** What the broker last told about one real device. */
export interface CachedDevice {
  online: boolean;
  model?: string;
  /** The departments fitted, as announced online; undefined means all of the model's ADF. */
  departments?: Set<string>;
  byDepartment: Map<string, DepartmentState>;
  status: DepartmentStatus;
  /** The server's DEVICE_LOST alarm is active: offline for DEVICE_LOST_AFTER_MS (the device shows OFF_ALARM). */
  lost: boolean;
  /** Heard online at least once by this instance. */
  everOnline: boolean;
  /** A status message of it was heard (online or not): before that, its values may just have come first. */
  statusHeard: boolean;
  /** The `ts` of the last status message applied. */
  statusTs?: number;
  /** The server's time when it last heard the device come online. */
  onlineSince?: number;
  /** Online but reporting nothing for its stale period (staleness.ts decides). */
  silent: boolean;
}

export interface DeviceCacheHooks {
  emit(event: GatewayEvent): void;
  /** A values message of "tenant/hex/d.s" arrived (even an out-of-order one): refresh waiters end. */
  valuesArrived(departmentSource: string): void;
  /** Values of "tenant/hex/d.s" changed: virtual devices reading it must be recomputed. */
  sourceChanged(departmentSource: string): void;
  /** A device went online or offline: every virtual device reading any of its departments must be recomputed. */
  deviceOnlineChanged(tenant: string, hexacode: string): void;
  /** Virtual devices always read ON, so no status change of theirs is ever announced. */
  isVirtual(tenant: string, hexacode: string): boolean;
  /** The gateway's clock (ms), for what the device did not timestamp. */
  now(): number;
  /** Every status message (online or offline), after the cache took it. */
  presenceHeard(tenant: string, hexacode: string, heard: PresenceHeard): void;
  /**
   * A values message was taken from a device that was silent or that the cache has offline (`online`), so its
   * silence ends and its status is read again.
   */
  reported(tenant: string, hexacode: string, online: boolean): void;
}

/** The line of a values key "<page>.<line>" (the protocol checked its form), read without allocating strings. */
function lineValue(key: string, raw: number | null): RawLineValue {
  let page = 0;
  let at = 0;
  for (; key.charCodeAt(at) !== DOT; at++) page = page * 10 + key.charCodeAt(at) - ZERO;
  let line = 0;
  for (at++; at < key.length; at++) line = line * 10 + key.charCodeAt(at) - ZERO;
  return { page, line, raw };
}
const DOT = 46;
const ZERO = 48;

/** Whether a message stamped `ts` is older than the newest one applied (unstamped ones cannot be ordered). */
const isOlder = (ts: number | undefined, newest: number | undefined) =>
  ts !== undefined && newest !== undefined && ts < newest;

/**
 * The state of real devices as heard through the broker (retained messages make it complete at start), and the
 * diffing that turns each accepted message into the events listeners care about: only what changed.
 */
export class DeviceCache {
  private readonly devices = new Map<string, CachedDevice>();

  constructor(
    private readonly hooks: DeviceCacheHooks,
    private readonly log: GatewayLogger,
  ) {}

  get size(): number {
    return this.devices.size;
  }

  /** Devices last heard online. */
  get online(): number {
    let online = 0;
    for (const device of this.devices.values()) if (device.online) online++;
    return online;
  }

  get(tenant: string, hexacode: string): CachedDevice | undefined {
    return this.devices.get(`${tenant}/${hexacode}`);
  }

  /** Every device heard of, with its tenant and hexacode. */
  *entries(): IterableIterator<[string, string, CachedDevice]> {
    for (const [key, device] of this.devices) {
      const slash = key.indexOf('/');
      yield [key.slice(0, slash), key.slice(slash + 1), device];
    }
  }

  /** ON/ON_ALARM/OFF/OFF_ALARM of a device as last heard through the broker (OFF if never heard). */
  deviceStatus(tenant: string, hexacode: string): DepartmentStatus {
    return this.get(tenant, hexacode)?.status ?? 'OFF';
  }

  /** The device's report of a department, shifted to its offline counterpart while the device is off. */
  departmentStatus({ tenant, hexacode, department, subDepartment }: DepartmentAddress): DepartmentStatus {
    if (this.hooks.isVirtual(tenant, hexacode)) return 'ON';
    const device = this.get(tenant, hexacode);
    const reported = device?.byDepartment.get(departmentKey(department, subDepartment))?.status ?? 'ON';
    return device?.online ? reported : offlineStatus(reported);
  }

  /** The last raw value heard (undefined: never reported; null: the device reports no reading). */
  rawValue({ tenant, hexacode, department, subDepartment, page, line }: LineAddress) {
    return this.get(tenant, hexacode)
      ?.byDepartment.get(departmentKey(department, subDepartment))
      ?.values?.get(lineKey(page, line));
  }

  /** An empty retained status clears the device (an administrator deleting it): forget it, announce nothing. */
  forgetDevice(tenant: string, hexacode: string): void {
    this.devices.delete(`${tenant}/${hexacode}`);
  }

  /** An empty retained values or department status message: forget that department. */
  forgetDepartment(tenant: string, hexacode: string, department: number, subDepartment: number): void {
    this.get(tenant, hexacode)?.byDepartment.delete(departmentKey(department, subDepartment));
  }

  /** A status message; a retained copy older than the status applied last (a re-read racing a live one) is not. */
  applyStatus(tenant: string, hexacode: string, m: StatusMessage, retained = false): void {
    const d = this.device(tenant, hexacode);
    if (retained && isOlder(m.ts, d.statusTs)) return;
    d.statusTs = m.ts ?? d.statusTs;
    d.statusHeard = true;
    const wasOnline = d.online;
    const firstOnline = m.online && !d.everOnline;
    d.online = m.online;
    d.everOnline ||= m.online;
    if (m.online && !wasOnline) d.onlineSince = this.hooks.now();
    if (m.online) {
      if (m.model) d.model = m.model;
      d.departments = m.departments ? new Set(m.departments) : undefined;
    }
    this.updateDeviceStatus(tenant, hexacode, d);
    if (wasOnline !== d.online) {
      this.log.info({ tenant, hexacode, online: d.online }, 'gateway: device status');
      this.hooks.deviceOnlineChanged(tenant, hexacode);
    }
    this.hooks.presenceHeard(tenant, hexacode, { online: m.online, wasOnline, firstOnline, ts: m.ts });
  }

  /** The server raised (or cleared) DEVICE_LOST: an offline device shows OFF_ALARM while it is lost. */
  setLost(tenant: string, hexacode: string, lost: boolean): void {
    const d = this.get(tenant, hexacode);
    if (!d) return;
    d.lost = lost;
    this.updateDeviceStatus(tenant, hexacode, d);
  }

  /** One alarm raised or cleared: the department's list and status follow, then AlarmChanged is announced. */
  applyAlarm(tenant: string, hexacode: string, department: number, subDepartment: number, m: AlarmMessage) {
    const d = this.device(tenant, hexacode);
    const raised = m.state === 'RAISED';
    this.changeDepartment(tenant, hexacode, department, subDepartment, (dep) => {
      Object.assign(dep, applyAlarmChange(dep, m.code, raised));
      dep.statusTs = Math.max(dep.statusTs ?? m.ts, m.ts);
    });
    this.updateDeviceStatus(tenant, hexacode, d);
    this.hooks.emit({
      type: 'AlarmChanged',
      tenant,
      hexacode,
      department,
      subDepartment,
      code: m.code,
      raised,
      at: m.ts,
    });
  }

  applyDepartmentStatus(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
    m: DepartmentStatusMessage,
    retained = false,
  ): void {
    const d = this.device(tenant, hexacode);
    const known = d.byDepartment.get(departmentKey(department, subDepartment))?.statusTs;
    // A re-read copy racing the alarm it predates would clear that alarm: only what is not older applies.
    if (retained && isOlder(m.ts, known)) return;
    this.changeDepartment(tenant, hexacode, department, subDepartment, (dep) => {
      dep.status = m.status;
      dep.alarms = m.alarms ?? [];
      dep.statusTs = m.ts ?? dep.statusTs;
    });
    this.updateDeviceStatus(tenant, hexacode, d);
    this.hooks.emit({
      type: 'AlarmList',
      tenant,
      hexacode,
      department,
      subDepartment,
      codes: m.alarms ?? [],
      at: m.ts ?? this.hooks.now(),
    });
  }

  /** Changes a department's state and announces its effective status when that changed. */
  private changeDepartment(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
    change: (dep: DepartmentState) => void,
  ): void {
    const dep = this.department(this.device(tenant, hexacode), department, subDepartment);
    const at = { tenant, hexacode, department, subDepartment };
    const before = this.departmentStatus(at);
    change(dep);
    const status = this.departmentStatus(at);
    if (before !== status)
      this.hooks.emit({ type: 'DepartmentStatus', tenant, hexacode, department, subDepartment, status });
  }

  applyValues(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
    m: ValuesMessage,
  ): void {
    const d = this.device(tenant, hexacode);
    const dep = this.department(d, department, subDepartment);
    const source = (dep.source ??= `${tenant}/${hexacode}/${departmentKey(department, subDepartment)}`);
    this.hooks.valuesArrived(source);
    if (dep.ts !== undefined && m.ts < dep.ts) return; // out of order: keep the newer snapshot
    dep.reportedAt = Math.min(m.ts, this.hooks.now());
    // The common case (online, not silent) costs nothing more; values before any status (a server starting, its
    // retained copies in any order) are no sign of a missed status.
    if (d.silent || (!d.online && d.statusHeard)) this.hooks.reported(tenant, hexacode, d.online);
    const changed = this.takeSnapshot(dep, m.values);
    dep.ts = m.ts;
    if (changed.length > 0) {
      this.hooks.emit({
        type: 'RawLineValues',
        tenant,
        hexacode,
        department,
        subDepartment,
        ts: m.ts,
        values: changed,
      });
      this.hooks.sourceChanged(source);
    }
  }

  /**
   * Makes `values` (a department's complete set) the department's and returns the lines that changed. The map is
   * updated in place, the usual snapshot naming the same lines as the one before: a new map a message was most of
   * the garbage the gateway made. Nothing holds the map across messages (readers look values up as they read).
   */
  private takeSnapshot(dep: DepartmentState, values: ValuesMessage['values']): RawLineValue[] {
    const held = (dep.values ??= new Map());
    const changed: RawLineValue[] = [];
    let count = 0;
    for (const key in values) {
      count++;
      const raw = values[key]!;
      // A raw value is a number or null, never undefined: a line not held before differs too.
      if (held.get(key) === raw) continue;
      held.set(key, raw);
      changed.push(lineValue(key, raw));
    }
    // More lines held than sent: the ones the device no longer reports go.
    if (held.size > count) for (const key of held.keys()) if (!Object.hasOwn(values, key)) held.delete(key);
    return changed;
  }

  private device(tenant: string, hexacode: string): CachedDevice {
    const key = `${tenant}/${hexacode}`;
    let d = this.devices.get(key);
    if (!d) {
      d = {
        online: false,
        byDepartment: new Map(),
        status: 'OFF',
        lost: false,
        everOnline: false,
        statusHeard: false,
        silent: false,
      };
      this.devices.set(key, d);
    }
    return d;
  }

  private department(d: CachedDevice, department: number, subDepartment: number): DepartmentState {
    const key = departmentKey(department, subDepartment);
    let dep = d.byDepartment.get(key);
    if (!dep) d.byDepartment.set(key, (dep = {}));
    return dep;
  }

  /** The device's own status: online or not, with an alarm when any department has one or the device is lost. */
  private updateDeviceStatus(tenant: string, hexacode: string, d: CachedDevice): void {
    let alarm = d.lost && !d.online;
    for (const dep of d.byDepartment.values()) if (dep.status?.endsWith('ALARM')) alarm = true;
    const status = withAlarm(d.online ? 'ON' : 'OFF', alarm);
    if (status !== d.status) {
      d.status = status;
      this.hooks.emit({ type: 'DeviceStatus', tenant, hexacode, status });
    }
  }
}
