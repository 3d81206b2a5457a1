import { describe, expect, it } from 'vitest';
import { nameErrors, toConfigItem } from '../../src/machines/deviceConfiguration/configurationModel';
import { fromList, sortingPayload } from '../../src/machines/dashboards/dashboardsModel';
import { dashboardsList, group, summary } from '../support/fixtures/dashboardFixtures';
import { deviceTree } from '../support/fixtures/devicePageFixtures';

/** Keys a plain object answers from Object.prototype, or that set its prototype when assigned. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString'];

describe('models keyed by ids and keys the server sends', () => {
  it('send the order of a dashboard or group whatever its id', () => {
    for (const id of PROTOTYPE_KEYS) {
      const state = fromList({
        ...dashboardsList,
        dashboards: [summary(id, 'Odd dashboard', { order: 4 })],
        groups: [group(`group ${id}`, 'Odd group', [], { order: 2 })],
      });
      const { sortData } = sortingPayload(state, dashboardsList.settings);
      expect(Object.hasOwn(sortData, id), id).toBe(true);
      expect(sortData[id]).toEqual({ order: 4, group: false });
      expect(Object.getPrototypeOf(sortData)).toBe(Object.prototype);
      expect(JSON.parse(JSON.stringify(sortData))[id]).toEqual({ order: 4, group: false });
    }
  });

  it('report a missing device name whatever the key of the device', () => {
    for (const key of PROTOTYPE_KEYS) {
      const item = toConfigItem({ ...deviceTree[1]!, key, configuration: null });
      const errors = nameErrors([{ ...item, label: ' ' }]);
      expect(Object.hasOwn(errors, key), key).toBe(true);
      expect(errors[key]).toBe('deviceConfiguration.deviceNameRequired');
      expect(Object.keys(nameErrors([item]))).toEqual([]);
    }
  });
});
