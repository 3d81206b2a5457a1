import { Listeners } from '../listeners';
import type { GatewayLogger } from './logger';
import type { LineView } from './line-view';
import type { DepartmentStatus } from './protocol';

/** A line's raw value as its device sent it (before its ADF line scales it or names its state). */
export interface RawLineValue {
  page: number;
  line: number;
  raw: number | null;
}

/** What the gateway tells its listeners (the realtime hub): changes only, as they arrive from the broker. */
export type GatewayEvent =
  | { type: 'DeviceStatus'; tenant: string; hexacode: string; status: DepartmentStatus }
  | {
      type: 'DepartmentStatus';
      tenant: string;
      hexacode: string;
      department: number;
      subDepartment: number;
      status: DepartmentStatus;
    }
  | {
      type: 'RawLineValues';
      tenant: string;
      hexacode: string;
      department: number;
      subDepartment: number;
      ts: number;
      /** The lines whose raw values changed; realtime translates them for the pages a client watches. */
      values: RawLineValue[];
    }
  /**
   * A device's alarm was raised or cleared (its `alarm` message), or the server lost or found the device
   * (code DEVICE_LOST, department 0.0). Every instance hears it; the alarms store keeps each change once.
   */
  | {
      type: 'AlarmChanged';
      tenant: string;
      hexacode: string;
      department: number;
      subDepartment: number;
      code: string;
      raised: boolean;
      /** The device's own timestamp (ms), or the server's when the server decides (lost devices). */
      at: number;
    }
  /** The complete list of a department's active alarm codes (on coming online, with its department status). */
  | {
      type: 'AlarmList';
      tenant: string;
      hexacode: string;
      department: number;
      subDepartment: number;
      codes: string[];
      at: number;
    }
  /**
   * A device online reported nothing for its model's stale period (silent), or spoke again (staleness.ts).
   * `reportedAt`: its last report (server clock bound), null if it never reported.
   */
  | { type: 'DeviceSilence'; tenant: string; hexacode: string; silent: boolean; reportedAt: number | null }
  | {
      type: 'VirtualLineValues';
      tenant: string;
      hexacode: string;
      department: number;
      subDepartment: number;
      lines: LineView[];
    };

export type GatewayListener = (event: GatewayEvent) => void;

/** Fan-out to listeners: one that throws is logged and the others still hear the event. */
export class GatewayEvents {
  private readonly listeners = new Listeners<GatewayEvent>((error, event) =>
    this.log.error({ err: error, type: event.type }, 'gateway: listener failed'),
  );

  constructor(private readonly log: GatewayLogger) {}

  subscribe(listener: GatewayListener): () => void {
    return this.listeners.add(listener);
  }

  emit(event: GatewayEvent): void {
    this.listeners.tell(event);
  }
}
