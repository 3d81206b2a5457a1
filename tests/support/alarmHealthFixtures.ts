import * as v from 'valibot';
import { AlarmHealth } from '#contracts';

const place = (hexacode: string, deviceName: string, department: number, code: string) => ({
  hexacode,
  deviceName,
  department,
  subDepartment: 0,
  code,
});

/** A week of a store: over the rate target, with a flood, a standing and a chattering alarm. */
export const WEEK: AlarmHealth = v.parse(AlarmHealth, {
  from: '2026-01-08T10:00:00.000Z',
  to: '2026-01-15T10:00:00.000Z',
  total: 1260,
  averagePerHour: 7.5,
  peakPer10Minutes: 14,
  floods: [{ from: '2026-01-12T08:00:00.000Z', to: '2026-01-12T08:06:00.000Z', count: 14 }],
  standing: [
    {
      id: '6f1c1d0e-0000-4000-8000-000000000001',
      ...place('2D0001', 'Warehouse cold room', 1, 'SENSOR_FAULT'),
      raisedAt: '2026-01-10T03:00:00.000Z',
      clearedAt: null,
    },
  ],
  chattering: [{ ...place('1A0102', 'Dairy case 2', 1, 'DOOR_OPEN'), peak: 4, count: 31 }],
  topOffenders: [
    { ...place('1A0102', 'Dairy case 2', 1, 'DOOR_OPEN'), count: 31 },
    { ...place('2D0001', 'Warehouse cold room', 1, 'HIGH_TEMPERATURE'), count: 12 },
  ],
  shelved: 0,
  suppressed: 9,
});

/** A quiet day: within every target, nothing raised. */
export const QUIET_DAY: AlarmHealth = v.parse(AlarmHealth, {
  from: '2026-01-14T10:00:00.000Z',
  to: '2026-01-15T10:00:00.000Z',
  total: 0,
  averagePerHour: 0,
  peakPer10Minutes: 0,
  floods: [],
  standing: [],
  chattering: [],
  topOffenders: [],
  shelved: 0,
  suppressed: 2,
});
