import * as v from 'valibot';
import type { DepartmentLookup, PageAddress } from '../../src/machines/devicePage/devicePage.types';
import { DeviceTreeItem, Line, LinesResponse } from '#contracts';

// Device page, line edit and device configuration fixtures, parsed by the contracts like the server's answers.
export const pageAddress: PageAddress = { hexacode: '0A1B', department: 1, subDepartment: 0, page: 1 };
export const otherAddress: PageAddress = { hexacode: '0A1B', department: 1, subDepartment: 0, page: 2 };

const line = (number: number, fields: Partial<Line>): Line =>
  v.parse(Line, {
    id: `0A1B-1-0-1-${number}`,
    number,
    lineNumber: number,
    status: 'OK',
    value: '3.5',
    unit: '°C',
    name: `Line ${number}`,
    customName: null,
    page: 1,
    pageNumber: 1,
    hexacode: '0A1B',
    department: 1,
    subDepartment: 0,
    readOnly: false,
    options: [],
    isFactorySettings: false,
    ...fields,
  });

export const setpointLine = line(1, { name: 'Setpoint', value: '4.0' });
export const temperatureLine = line(2, { name: 'Air temperature', readOnly: true, value: '3.8' });
export const modeLine = line(3, {
  name: 'Defrost mode',
  value: 'Electric',
  unit: null,
  options: [
    { label: 'Off', index: 0 },
    { label: 'Electric', index: 1 },
    { label: 'Hot gas', index: 2 },
  ],
});
export const offlineLine = line(4, {
  name: 'Door contact',
  status: 'DEVICE_CAN_RECEIVED',
  value: null,
  unit: null,
});

export const pageLines = v.parse(LinesResponse, {
  status: 'OK',
  lines: [setpointLine, temperatureLine, modeLine, offlineLine],
});

export const foundDepartment: DepartmentLookup = {
  kind: 'found',
  deviceName: 'Case 3',
  deviceType: 'REAL_DEVICE',
  groupName: 'Store 101',
  departmentName: 'Dairy',
  status: 'ON',
  adf: 'case-controller-v2',
  rawHexacode: '0A1B',
  pageName: 'Temperatures',
};
export const offlineDepartment: DepartmentLookup = { ...foundDepartment, status: 'OFF_ALARM' };

const department = (hexacode: string, number: number, name: string, label: string | null = null) => ({
  department: number,
  subDepartment: 0,
  key: `${hexacode}-${number}-0`,
  adf: 'case-controller-v2',
  hexacode,
  rawHexacode: hexacode,
  name,
  status: 'ON' as const,
  configuration: label === null ? null : { label },
});

const device = (
  hexacode: string,
  name: string,
  order: number,
  fields: Partial<DeviceTreeItem> & { label?: string } = {},
): DeviceTreeItem =>
  v.parse(DeviceTreeItem, {
    type: 'REAL_DEVICE',
    hexacode,
    rawHexacode: hexacode,
    key: `device-${hexacode}`,
    name,
    status: 'ON',
    networkNumber: null,
    adf: 'case-controller-v2',
    configuration: fields.label ? { label: fields.label } : null,
    departments: [department(hexacode, 1, 'Department 1')],
    devices: [],
    order,
    ...fields,
  });

/** Custom order: Bakery (0), Store 101 group (1), Alpha (2); by name: Alpha, Bakery, Store 101. */
export const deviceTree: DeviceTreeItem[] = [
  device('0C00', 'Controller 12', 2, { label: 'Alpha' }),
  device('0B00', 'Bakery', 0),
  device('00F1', 'Store 101', 1, {
    type: 'BUSINESS_GROUP',
    key: 'group-00F1',
    adf: null,
    departments: [],
    devices: [device('0A1B', 'Case 3', 0, { departments: [department('0A1B', 1, 'Department 1', 'Dairy')] })],
  }),
];
