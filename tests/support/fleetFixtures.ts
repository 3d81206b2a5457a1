import type { FleetRow } from '../../src/services/contracts';

/** A quiet store (all online, no alarms, in limits) named `name`, with `change` over it. */
export const storeRow = (name: string, change: Partial<FleetRow> = {}): FleetRow => ({
  hexacode: name.toUpperCase().replace(/[^0-9A-F]/g, '') || 'B0',
  name,
  devicesOnline: 2,
  devicesTotal: 2,
  activeAlarms: 0,
  unacknowledgedAlarms: 0,
  furthestAboveLimit: null,
  timeInLimitsPct: 100,
  oldestValueAgeSeconds: 4,
  ...change,
});

/** Odense in alarm: its beverage cooler 2.5 K above its limit. */
export const ODENSE_IN_ALARM = storeRow('Store 103 Odense', {
  hexacode: 'B3',
  devicesOnline: 1,
  activeAlarms: 1,
  unacknowledgedAlarms: 1,
  furthestAboveLimit: {
    hexacode: '1C0301',
    deviceName: 'Beverage cooler',
    department: 1,
    subDepartment: 0,
    temperature: 7.5,
    limit: 5,
    excess: 2.5,
  },
  timeInLimitsPct: 95.8,
  oldestValueAgeSeconds: 12,
});
