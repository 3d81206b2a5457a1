import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import type { AdfRegistry } from '../gateway/adf/loader';
import { type VirtualDeviceDefinition, VirtualDeviceDefinition as VirtualSchema } from '../gateway/virtual';
import { type ForceAlarmResult, SimulatedDevice, type SimulatedDeviceOptions } from './device';
import { FleetDevice } from './fleetDevice';
import { startIncidents } from './incidents';
import { seedOf, seededRandom } from './random';

export const Fleet = v.object({
  devices: v.array(FleetDevice),
  virtualDevices: v.optional(
    v.array(
      v.object({ tenant: v.string(), businessGroup: v.optional(v.string()), definition: VirtualSchema }),
    ),
    [],
  ),
});
export type Fleet = v.InferOutput<typeof Fleet>;

/**
 * Demo credentials are derived from a public string so the seed and a standalone simulator agree without sharing
 * a file. They are for the demo tenants only: never use them for real devices.
 */
export function demoCredential(tenant: string, hexacode: string): string {
  return createHmac('sha256', 'coldwatch-demo-fleet')
    .update(`${tenant}/${hexacode}`)
    .digest('base64url')
    .slice(0, 32);
}

type Row = Omit<FleetDevice, 'credential' | 'tenant'>;
const rows = (tenant: string, list: Row[]): FleetDevice[] =>
  list.map((r) => ({ ...r, tenant, credential: demoCredential(tenant, r.hexacode) }));

const CPH = 'Store 101 Copenhagen';
const AAR = 'Store 102 Aarhus';
const ODE = 'Store 103 Odense';
const RIV = 'Acme Market Riverside';

const src = (hexacode: string, department: number, subDepartment: number, page: number, line: number) => ({
  hexacode,
  department,
  subDepartment,
  page,
  line,
});

function overview(
  hexacode: string,
  name: string,
  cases: { hex: string; dep: [number, number] }[],
  packs: { hex: string; dep: [number, number] }[],
): VirtualDeviceDefinition {
  const airTemps = cases.map((c) => src(c.hex, c.dep[0], c.dep[1], 1, 1));
  return {
    hexacode,
    name,
    departments: [
      {
        department: 1,
        subDepartment: 0,
        name: 'Site overview',
        pages: [
          {
            number: 1,
            name: 'Refrigeration',
            lines: [
              {
                number: 1,
                name: 'Average case air temperature',
                unit: '°C',
                decimals: 1,
                aggregate: 'avg',
                sources: airTemps,
              },
              {
                number: 2,
                name: 'Warmest case air temperature',
                unit: '°C',
                decimals: 1,
                aggregate: 'max',
                sources: airTemps,
              },
              {
                number: 3,
                name: 'Doors open',
                unit: '',
                decimals: 0,
                aggregate: 'count',
                equals: 'Open',
                sources: cases.map((c) => src(c.hex, c.dep[0], c.dep[1], 1, 6)),
              },
              {
                number: 4,
                name: 'Cases in defrost',
                unit: '',
                decimals: 0,
                aggregate: 'count',
                equals: 'Defrosting',
                sources: cases.map((c) => src(c.hex, c.dep[0], c.dep[1], 1, 5)),
              },
              ...(packs.length > 0
                ? [
                    {
                      number: 5,
                      name: 'Total compressor stages running',
                      unit: '',
                      decimals: 0,
                      aggregate: 'sum' as const,
                      sources: packs.map((p) => src(p.hex, p.dep[0], p.dep[1], 1, 6)),
                    },
                    {
                      number: 6,
                      name: 'Average running capacity',
                      unit: '%',
                      decimals: 1,
                      aggregate: 'avg' as const,
                      sources: packs.map((p) => src(p.hex, p.dep[0], p.dep[1], 1, 5)),
                    },
                  ]
                : []),
            ],
          },
        ],
      },
    ],
  };
}

/** The demo fleet: tenant demo (15 real devices in 3 stores and standalone, 2 virtual) and tenant acme (4 + 1). */
export const demoFleet: Fleet = {
  devices: [
    ...rows('demo', [
      {
        hexacode: '1A0101',
        model: 'PK-850',
        name: 'Compressor pack',
        businessGroup: CPH,
        profiles: { '1.0': 'mt', '1.1': 'lt' },
      },
      {
        hexacode: '1A0102',
        model: 'CC-410',
        name: 'Dairy cases',
        businessGroup: CPH,
        profiles: { '1.0': 'mt-case', '1.1': 'mt-case' },
      },
      {
        hexacode: '1A0103',
        model: 'CC-410',
        name: 'Meat and deli case',
        businessGroup: CPH,
        departments: ['1.0'],
      },
      {
        hexacode: '1A0104',
        model: 'CC-410',
        name: 'Frozen food islands',
        businessGroup: CPH,
        profiles: { '1.0': 'lt-case', '1.1': 'lt-case' },
      },
      {
        hexacode: '1A0105',
        model: 'CC-410',
        name: 'Cold room',
        businessGroup: CPH,
        departments: ['1.0'],
        profiles: { '1.0': 'cold-room' },
      },
      {
        hexacode: '1A0106',
        model: 'CC-410',
        name: 'Freezer room',
        businessGroup: CPH,
        departments: ['1.0'],
        profiles: { '1.0': 'freezer-room' },
      },
      { hexacode: '1A0107', model: 'BC-300', name: 'Store HVAC', businessGroup: CPH },
      {
        hexacode: '1B0201',
        model: 'PK-850',
        name: 'Compressor pack',
        businessGroup: AAR,
        departments: ['1.0', '2.0'],
        profiles: { '1.0': 'mt' },
      },
      {
        hexacode: '1B0202',
        model: 'CC-410',
        name: 'Dairy and produce',
        businessGroup: AAR,
        profiles: { '1.0': 'mt-case', '1.1': 'mt-case' },
      },
      {
        hexacode: '1B0203',
        model: 'CC-410',
        name: 'Freezer cabinets',
        businessGroup: AAR,
        departments: ['1.0'],
        profiles: { '1.0': 'lt-case' },
      },
      {
        hexacode: '1B0204',
        model: 'BC-300',
        name: 'Store HVAC',
        businessGroup: AAR,
        departments: ['1.0', '2.0', '2.1'],
      },
      {
        hexacode: '1C0301',
        model: 'CC-410',
        name: 'Beverage cooler',
        businessGroup: ODE,
        departments: ['1.0'],
      },
      {
        hexacode: '1C0302',
        model: 'CC-410',
        name: 'Ice cream freezer',
        businessGroup: ODE,
        departments: ['1.0'],
        profiles: { '1.0': 'lt-case' },
      },
      {
        hexacode: '2D0001',
        model: 'CC-410',
        name: 'Warehouse cold room',
        departments: ['1.0'],
        profiles: { '1.0': 'cold-room' },
      },
      {
        hexacode: '2D0002',
        model: 'BC-300',
        name: 'Head office HVAC',
        departments: ['1.0', '2.0', '2.1', '2.2'],
      },
    ]),
    ...rows('acme', [
      {
        hexacode: '3E0001',
        model: 'PK-850',
        name: 'Rack A',
        businessGroup: RIV,
        departments: ['1.0', '2.0'],
        profiles: { '1.0': 'mt' },
      },
      {
        hexacode: '3E0002',
        model: 'CC-410',
        name: 'Produce wall',
        businessGroup: RIV,
        profiles: { '1.0': 'mt-case', '1.1': 'mt-case' },
      },
      {
        hexacode: '3E0003',
        model: 'CC-410',
        name: 'Walk-in cooler',
        businessGroup: RIV,
        departments: ['1.0'],
        profiles: { '1.0': 'cold-room' },
      },
      { hexacode: '3E0004', model: 'BC-300', name: 'Distribution office HVAC', departments: ['1.0', '2.0'] },
    ]),
  ],
  virtualDevices: [
    {
      tenant: 'demo',
      businessGroup: CPH,
      definition: overview(
        'F00101',
        'Store 101 overview',
        [
          { hex: '1A0102', dep: [1, 0] },
          { hex: '1A0102', dep: [1, 1] },
          { hex: '1A0103', dep: [1, 0] },
          { hex: '1A0105', dep: [1, 0] },
        ],
        [
          { hex: '1A0101', dep: [1, 0] },
          { hex: '1A0101', dep: [1, 1] },
        ],
      ),
    },
    {
      tenant: 'demo',
      definition: overview(
        'F00001',
        'Chain medium-temperature overview',
        [
          { hex: '1A0102', dep: [1, 0] },
          { hex: '1A0103', dep: [1, 0] },
          { hex: '1B0202', dep: [1, 0] },
          { hex: '1B0202', dep: [1, 1] },
          { hex: '1C0301', dep: [1, 0] },
        ],
        [
          { hex: '1A0101', dep: [1, 0] },
          { hex: '1B0201', dep: [1, 0] },
        ],
      ),
    },
    {
      tenant: 'acme',
      businessGroup: RIV,
      definition: overview(
        'F10001',
        'Riverside overview',
        [
          { hex: '3E0002', dep: [1, 0] },
          { hex: '3E0002', dep: [1, 1] },
          { hex: '3E0003', dep: [1, 0] },
        ],
        [{ hex: '3E0001', dep: [1, 0] }],
      ),
    },
  ],
};

/** Checks a fleet against the ADFs (unknown model, department) before anything connects. */
export function validateFleet(fleet: Fleet, adfs: AdfRegistry): void {
  const seen = new Set<string>();
  for (const d of fleet.devices) {
    const key = `${d.tenant}/${d.hexacode}`;
    if (seen.has(key)) throw new Error(`fleet: ${key} appears twice`);
    seen.add(key);
    const adf = adfs.get(d.model);
    if (!adf) throw new Error(`fleet: ${key} has model ${d.model}, which has no ADF`);
    for (const dep of d.departments ?? []) {
      if (!adf.departmentsByKey.has(dep))
        throw new Error(`fleet: ${key} department ${dep} is not in ${d.model}`);
    }
  }
}

export interface RunningFleet {
  devices: SimulatedDevice[];
  /**
   * Makes a device of the fleet raise or clear an alarm now (the demo route, tests): `department` as "1.0". A
   * forced alarm stays until forced clear.
   */
  forceAlarm(
    tenant: string,
    hexacode: string,
    department: string,
    code: string,
    raised: boolean,
  ): Promise<ForceAlarmResult>;
  stop(): Promise<void>;
}

/** What the server's demo route may do with the in-process fleet. */
export type SimulatorControl = Pick<RunningFleet, 'forceAlarm'>;

export interface FleetOptions extends SimulatedDeviceOptions {
  intervalMs?: number;
  /** Short connection losses per device per hour (some last past the server's lost-device timeout). */
  offlinePerHour?: number;
  /** Incidents across the fleet per hour (door left open, long defrost, trip, lost device…). Default 12 × eventRate. */
  incidentsPerHour?: number;
  tenants?: string[];
}

/**
 * Connects every device (a few at a time, as a real site reconnecting after a power cut would not all at once)
 * and starts their timers. Devices that cannot connect are retried by their timer.
 */
export async function startFleet(
  fleet: Fleet,
  adfs: AdfRegistry,
  options: FleetOptions,
): Promise<RunningFleet> {
  validateFleet(fleet, adfs);
  const chosen = fleet.devices.filter((d) => !options.tenants?.length || options.tenants.includes(d.tenant));
  const devices = chosen.map((d) => new SimulatedDevice(d, adfs.get(d.model)!, options));
  const queue = [...devices];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let d = queue.shift(); d; d = queue.shift()) {
        await d.connect().catch((error: Error) => options.log?.(`${d.spec.hexacode}: ${error.message}`));
      }
    }),
  );
  for (const d of devices)
    d.start(options.intervalMs ?? 2000, { offlinePerHour: options.offlinePerHour ?? 0.1 });
  const stopIncidents = startIncidents(devices, {
    perHour: options.incidentsPerHour ?? 12 * (options.eventRate ?? 1),
    random: seededRandom(seedOf('fleet-incidents')),
    log: options.log,
  });
  return {
    devices,
    async forceAlarm(tenant, hexacode, department, code, raised) {
      const device = devices.find((d) => d.spec.tenant === tenant && d.spec.hexacode === hexacode);
      return device ? device.forceAlarm(department, code, raised) : 'DEVICE_NOT_SIMULATED';
    },
    async stop() {
      stopIncidents();
      await Promise.all(devices.map((d) => d.disconnect().catch(() => {})));
    },
  };
}
