import { describe, expect, it } from 'vitest';
import { sortedDashboards } from '../../src/machines/dashboards/dashboardsModel';
import { sortItems, type ConfigItem } from '../../src/machines/deviceConfiguration/configurationModel';
import { summary } from '../support/fixtures/dashboardFixtures';

const STORES = ['Store 10', 'store 1', 'Store 2', 'Back room'];
const AS_PEOPLE_READ = ['Back room', 'store 1', 'Store 2', 'Store 10'];
const byName = { sortMode: 'NAME', sortDirection: 'ASC' } as const;

const configItem = (name: string, order: number): ConfigItem => ({
  key: name,
  type: 'REAL_DEVICE',
  hexacode: '0A0B0C',
  rawHexacode: '0A0B0C',
  name,
  label: '',
  order,
  departments: [],
  members: [],
});

describe('names sort as people read them', () => {
  it('puts "Store 2" before "Store 10" in the dashboards list, whatever the case', () => {
    const list = STORES.map((name, order) => summary(`d${order}`, name, { order }));
    expect(sortedDashboards(list, byName).map((d) => d.name)).toEqual(AS_PEOPLE_READ);
    const descending = sortedDashboards(list, { ...byName, sortDirection: 'DESC' });
    expect(descending.map((d) => d.name)).toEqual([...AS_PEOPLE_READ].reverse());
  });

  it('puts "Store 2" before "Store 10" in the device configuration', () => {
    const items = STORES.map((name, order) => configItem(name, order));
    expect(sortItems(items, byName).map((item) => item.name)).toEqual(AS_PEOPLE_READ);
  });
});
