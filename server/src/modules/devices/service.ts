import type * as v from 'valibot';
import {
  hasGrant,
  type Department,
  type DeviceConfigurationSave,
  type DeviceStatus,
  type DeviceTreeItem,
  type Line,
  type LineStatus,
  type LineWriteRequest,
  type SortSettings,
} from '../../../../src/services/contracts';
import type {
  DepartmentNamesRequest,
  DepartmentNamesResponse,
  LinesRequest,
  LineWriteResult,
  PagesRequest,
} from '../../../../src/services/contracts';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import type { AdfRegistry } from '../../gateway/adf/loader';
import type { Gateway, LineView } from '../../gateway/gateway';
import type { AccountService } from '../account/service';
import type { AuthSession } from '../auth/service';
import { registerDevice, normalizeHexacode, type Registered, type RegistrationInput } from './registration';
import type { DatabaseDeviceRegistry } from './registry';
import type { DeviceListRow, DevicesRepository, GroupRow, StoredConfiguration } from './repository';

type NamesRequest = v.InferOutput<typeof DepartmentNamesRequest>;
type NamesResponse = v.InferOutput<typeof DepartmentNamesResponse>;
type PagesBody = v.InferOutput<typeof PagesRequest>;
type LinesBody = v.InferOutput<typeof LinesRequest>;
type WriteAnswer = v.InferOutput<typeof LineWriteResult>;

/** Lets routes and the socket reach the gateway, which exists once the broker connection is made. */
export interface GatewayAccess {
  readonly gateway: Gateway;
  readonly adfs: AdfRegistry;
  readonly registry: DatabaseDeviceRegistry;
}

const SEVERITY: Record<DeviceStatus, number> = { ON: 0, OFF: 1, ON_ALARM: 2, OFF_ALARM: 3 };
/** A business group shows the worst status of its members: an alarm outranks offline, offline outranks on. */
export const worstStatus = (statuses: DeviceStatus[]): DeviceStatus =>
  statuses.reduce<DeviceStatus>((worst, s) => (SEVERITY[s] > SEVERITY[worst] ? s : worst), 'ON');

export const departmentTreeKey = (hexacode: string, department: number, subDepartment: number) =>
  `${hexacode}-${department}-${subDepartment}`;

const DEFAULT_DEVICE_SORT: SortSettings = { sortMode: 'NAME', sortDirection: 'ASC' };

/** A gateway line as the API answers it (value and unit only when OK). */
export function toLine(view: LineView): Line {
  const ok = view.status === 'OK';
  return {
    id: `${view.hexacode}-${view.department}-${view.subDepartment}-${view.page}-${view.number}`,
    number: view.number,
    lineNumber: view.number,
    status: view.status,
    value: ok ? (view.value ?? null) : null,
    unit: ok ? (view.unit ?? null) : null,
    name: view.name,
    customName: null,
    page: view.page,
    pageNumber: view.page,
    hexacode: view.hexacode,
    department: view.department,
    subDepartment: view.subDepartment,
    readOnly: view.readOnly,
    options: view.options ?? [],
    isFactorySettings: view.isFactorySettings,
  };
}

export function createDevicesService(deps: {
  db: Database;
  repository: DevicesRepository;
  account: AccountService;
  access: GatewayAccess;
}) {
  const { repository, account, access } = deps;

  const configurationOf = async (session: AuthSession): Promise<StoredConfiguration> =>
    (await repository.configuration(session.tenant.id, session.user.id)) ?? {
      settings: DEFAULT_DEVICE_SORT,
      labels: {},
      orders: {},
    };

  /** Factory-settings lines: only with the user's setting on and RND WRITE. */
  async function factorySettingsAllowed(session: AuthSession): Promise<boolean> {
    if (!hasGrant(session.authorities, 'RND', 'WRITE')) return false;
    return (await account.get(session.tenant.id, session.user.id)).enableFactorySettingsLines;
  }

  async function departmentsOf(
    tenant: string,
    device: DeviceListRow,
    labels: Record<string, string>,
  ): Promise<Department[]> {
    const { departments } = await access.gateway.departments(tenant, device.hexacode);
    return departments.map((d) => {
      const key = departmentTreeKey(device.hexacode, d.department, d.subDepartment);
      const label = labels[key] ?? null;
      return {
        department: d.department,
        subDepartment: d.subDepartment,
        key,
        adf: device.type === 'REAL_DEVICE' ? device.model : null,
        hexacode: device.hexacode,
        rawHexacode: device.hexacode,
        name: label ?? d.name,
        status: d.status,
        configuration: label === null ? null : { label },
      };
    });
  }

  const KIND_RANK = { BUSINESS_GROUP: 0, REAL_DEVICE: 1, VIRTUAL_DEVICE: 2 } as const;
  function ordered(items: DeviceTreeItem[], orders: Record<string, number>): DeviceTreeItem[] {
    const sorted = [...items].sort((a, b) => {
      const oa = orders[a.key] ?? Number.MAX_SAFE_INTEGER;
      const ob = orders[b.key] ?? Number.MAX_SAFE_INTEGER;
      if (oa !== ob) return oa - ob;
      if (a.type !== b.type) return KIND_RANK[a.type] - KIND_RANK[b.type];
      return a.name.localeCompare(b.name) || a.key.localeCompare(b.key);
    });
    return sorted.map((item, index) => ({ ...item, order: index }));
  }

  async function buildTree(
    session: AuthSession,
    configuration: StoredConfiguration,
  ): Promise<DeviceTreeItem[]> {
    const tenant = session.tenant.name;
    const [groups, rows] = await Promise.all([
      repository.groups(session.tenant.id),
      repository.devices(session.tenant.id),
    ]);
    const { labels, orders } = configuration;
    const item = async (row: DeviceListRow): Promise<DeviceTreeItem> => {
      const label = labels[row.hexacode] ?? null;
      return {
        type: row.type,
        hexacode: row.hexacode,
        rawHexacode: row.hexacode,
        key: row.hexacode,
        name: label ?? row.name,
        status: access.gateway.deviceStatus(tenant, row.hexacode),
        networkNumber: null,
        adf: row.type === 'REAL_DEVICE' ? row.model : null,
        configuration: label === null ? null : { label },
        departments: await departmentsOf(tenant, row, labels),
        devices: [],
        order: 0,
      };
    };
    const groupItem = (group: GroupRow, members: DeviceTreeItem[]): DeviceTreeItem => {
      const label = labels[group.id] ?? null;
      return {
        type: 'BUSINESS_GROUP',
        hexacode: group.hexacode,
        rawHexacode: group.hexacode,
        key: group.id,
        name: label ?? group.name,
        status: worstStatus(members.map((m) => m.status)),
        networkNumber: group.networkNumber,
        adf: null,
        configuration: label === null ? null : { label },
        departments: [],
        devices: ordered(members, orders),
        order: 0,
      };
    };
    const items = await Promise.all(rows.map(item));
    const byGroup = new Map<string, DeviceTreeItem[]>();
    const standalone: DeviceTreeItem[] = [];
    rows.forEach((row, i) => {
      if (row.businessGroupId) {
        const list = byGroup.get(row.businessGroupId) ?? [];
        list.push(items[i]!);
        byGroup.set(row.businessGroupId, list);
      } else standalone.push(items[i]!);
    });
    const groupItems = groups.map((g) => groupItem(g, byGroup.get(g.id) ?? []));
    // The user's order first; items without one follow: business groups, real, then virtual devices, by name.
    return ordered([...groupItems, ...standalone], orders);
  }

  /** Is `hexacode` a device of this tenant? Unknown and foreign devices look the same: DEVICE_NOT_FOUND. */
  async function known(session: AuthSession, hexacode: string): Promise<DeviceListRow | undefined> {
    return repository.device(session.tenant.id, hexacode);
  }

  const hex = (value: string) => value.toUpperCase();

  return {
    tree: async (session: AuthSession) => buildTree(session, await configurationOf(session)),

    async departmentNames(session: AuthSession, request: NamesRequest): Promise<NamesResponse> {
      const { labels } = await configurationOf(session);
      const byDevice = new Map<string, Promise<Department[] | undefined>>();
      const answers: NamesResponse = [];
      for (const entry of request) {
        const hexacode = hex(entry.hexacode);
        let departments = byDevice.get(hexacode);
        if (!departments) {
          departments = known(session, hexacode).then((row) =>
            row ? departmentsOf(session.tenant.name, row, labels) : undefined,
          );
          byDevice.set(hexacode, departments);
        }
        const found = (await departments)?.find(
          (d) => d.department === entry.department && d.subDepartment === entry.subDepartment,
        );
        // Only what exists in this tenant is answered: a foreign device's departments are never named.
        if (found)
          answers.push({
            key: entry.key,
            name: found.name,
            status: found.status,
            configuration: found.configuration,
          });
      }
      return answers;
    },

    async pages(
      session: AuthSession,
      request: PagesBody,
    ): Promise<{ status: LineStatus; pages: { number: number; name: string }[] }> {
      const hexacode = hex(request.hexacode);
      if (!(await known(session, hexacode))) return { status: 'DEVICE_NOT_FOUND', pages: [] };
      const tenant = session.tenant.name;
      const result = await access.gateway.pages(tenant, hexacode, request.department, request.subDepartment);
      if (result.status !== 'OK') return result;
      const online = access.gateway.isVirtual(tenant, hexacode) || access.gateway.isOnline(tenant, hexacode);
      return { status: online ? 'OK' : 'DEVICE_CAN_RECEIVED', pages: result.pages };
    },

    async lines(
      session: AuthSession,
      request: LinesBody,
      options: { refresh?: boolean } = {},
    ): Promise<{ status: LineStatus; lines: Line[] }> {
      const hexacode = hex(request.hexacode);
      if (!(await known(session, hexacode))) return { status: 'DEVICE_NOT_FOUND', lines: [] };
      const tenant = session.tenant.name;
      if (options.refresh) {
        await access.gateway.refresh(tenant, hexacode, request.department, request.subDepartment);
      }
      const result = await access.gateway.readLines(
        tenant,
        hexacode,
        request.department,
        request.subDepartment,
        request.page,
        { factorySettings: await factorySettingsAllowed(session) },
      );
      return { status: result.status, lines: result.lines.map(toLine) };
    },

    /** 200 ACCEPTED only when the device accepted; every other outcome is an AppError with a LineWriteResult body. */
    async writeLine(session: AuthSession, request: LineWriteRequest): Promise<WriteAnswer> {
      const hexacode = hex(request.hexacode);
      if (!(await known(session, hexacode))) {
        throw new WriteError(404, 'DEVICE_NOT_FOUND', 'Device is not found', {
          result: 'UNAVAILABLE',
          status: 'DEVICE_NOT_FOUND',
        });
      }
      const result = await access.gateway.writeLine(
        {
          tenant: session.tenant.name,
          hexacode,
          department: request.department,
          subDepartment: request.subDepartment,
          page: request.page,
          line: request.line,
        },
        request.value,
        { factorySettings: await factorySettingsAllowed(session) },
      );
      switch (result.result) {
        case 'ACCEPTED':
          return { result: 'ACCEPTED' };
        case 'REFUSED':
          throw new WriteError(
            409,
            'LINE_WRITE_REFUSED',
            result.message ?? `The device refused the value (${result.reason})`,
            { result: 'REFUSED', reason: result.reason },
          );
        case 'TIMEOUT':
          throw new WriteError(504, 'LINE_WRITE_TIMEOUT', 'The device did not answer in time', {
            result: 'TIMEOUT',
          });
        case 'UNAVAILABLE':
          throw new WriteError(
            409,
            'DEVICE_UNAVAILABLE',
            result.status === 'DEVICE_CAN_RECEIVED'
              ? 'The device is offline'
              : `The line cannot be written (${result.status})`,
            { result: 'UNAVAILABLE', status: result.status },
          );
      }
    },

    async saveConfiguration(
      session: AuthSession,
      body: DeviceConfigurationSave,
    ): Promise<DeviceConfigurationSave> {
      const tenantId = session.tenant.id;
      const [groups, rows] = await Promise.all([repository.groups(tenantId), repository.devices(tenantId)]);
      const deviceKeys = new Set(rows.map((r) => r.hexacode));
      const topKeys = new Set([...groups.map((g) => g.id), ...deviceKeys]);
      const isKnownEntryKey = (key: string) => {
        if (topKeys.has(key)) return true;
        const m = /^([0-9A-F]{6,16})-(\d{1,3})-(\d{1,3})$/.exec(key);
        return m !== null && deviceKeys.has(m[1]!);
      };
      const stored = await configurationOf(session);
      const labels = { ...stored.labels };
      const orders = { ...stored.orders };
      body.devices.forEach((device, i) => {
        if (!topKeys.has(device.key)) {
          throw badRequest(
            'UNKNOWN_DEVICE_KEY',
            `devices.${i}.key: No device or business group '${device.key}' here`,
          );
        }
        orders[device.key] = device.order;
        device.data.forEach((entry, j) => {
          if (!isKnownEntryKey(entry.key)) {
            throw badRequest(
              'UNKNOWN_DEVICE_KEY',
              `devices.${i}.data.${j}.key: No device, group or department '${entry.key}' here`,
            );
          }
          if (entry.label === null) delete labels[entry.key];
          else if (entry.label === '') {
            throw badRequest('VALIDATION_FAILED', `devices.${i}.data.${j}.label: Name is required`);
          } else labels[entry.key] = entry.label;
        });
      });
      const saved: StoredConfiguration = { settings: body.settings, labels, orders };
      await repository.saveConfiguration(tenantId, session.user.id, saved);
      await account.update(tenantId, session.user.id, { deviceConfigurationSettings: body.settings });
      return configurationView(await buildTree(session, saved), saved);
    },

    async register(
      tenant: string,
      input: Omit<RegistrationInput, 'tenant' | 'credential'>,
    ): Promise<Registered> {
      const registered = await registerDevice(deps.db, access.adfs, { ...input, tenant });
      access.registry.invalidate(tenant, normalizeHexacode(input.hexacode));
      return registered;
    },
  };
}

/** The stored configuration in the shape it was saved: one entry per top-level tree item. */
function configurationView(tree: DeviceTreeItem[], saved: StoredConfiguration): DeviceConfigurationSave {
  const entriesOf = (item: DeviceTreeItem): { key: string; label: string | null }[] => [
    ...(saved.labels[item.key] !== undefined ? [{ key: item.key, label: saved.labels[item.key]! }] : []),
    ...item.departments.flatMap((d) =>
      saved.labels[d.key] !== undefined ? [{ key: d.key, label: saved.labels[d.key]! }] : [],
    ),
    ...item.devices.flatMap(entriesOf),
  ];
  return {
    settings: saved.settings,
    devices: tree.map((item) => ({
      rawHexacode: item.rawHexacode,
      key: item.key,
      order: saved.orders[item.key] ?? item.order,
      data: entriesOf(item),
    })),
  };
}

/** A line write that was not accepted: the error body also carries the LineWriteResult fields. */
export class WriteError extends AppError {
  constructor(statusCode: number, code: string, message: string, result: WriteAnswer) {
    super(statusCode, code, message, {}, result);
  }
}

export type DevicesService = ReturnType<typeof createDevicesService>;
export { normalizeHexacode };
