import type { ActiveAlarm, AlarmEntry } from '#contracts';
import type { AlarmOccurrenceRow } from '../../db/schema';
import type { AlarmDevice, AlarmDirectory } from './directory';
import type { AlarmsRepository } from './repository';
import type { Translations } from './translations';

/** Who looks: the tenant, the language of the translations and the user's own names of the tree. */
export interface AlarmViewer {
  tenantId: string;
  language: string;
  labels: Readonly<Record<string, string>>;
}

/** The active alarms of one entry before naming: a standalone device, or a business group's members. */
export interface EntryAlarms {
  type: AlarmEntry['type'];
  /** The entry's hexacode: the device's, or the group's. */
  hexacode: string;
  /** The device, or the group (id, name). */
  owner: { key: string; name: string };
  alarms: { row: AlarmOccurrenceRow; device: AlarmDevice }[];
}

const departmentKey = (row: AlarmOccurrenceRow) => `${row.hexacode}-${row.department}-${row.subDepartment}`;

/** The alarms menu's entries (SPEC §3), as one tenant's snapshot named for each viewer. */
export function createAlarmEntries(deps: {
  repository: AlarmsRepository;
  directory: AlarmDirectory;
  translations: Translations;
}) {
  const { repository, directory, translations } = deps;

  /** The entry a device's alarms belong to: its business group's, or its own. */
  const entryOf = (device: AlarmDevice): Omit<EntryAlarms, 'alarms'> =>
    device.group
      ? {
          type: 'BusinessGroupAlarmEntry',
          hexacode: device.group.hexacode,
          owner: { key: device.group.id, name: device.group.name },
        }
      : {
          type: 'DeviceAlarmEntry',
          hexacode: device.hexacode,
          owner: { key: device.hexacode, name: device.name },
        };

  /** Every entry of a tenant with active alarms; alarms of devices no longer registered are left out. */
  async function snapshot(tenantId: string): Promise<Map<string, EntryAlarms>> {
    const entries = new Map<string, EntryAlarms>();
    for (const row of await repository.active(tenantId)) {
      const device = await directory.device(tenantId, row.hexacode);
      if (!device) continue;
      const head = entryOf(device);
      let entry = entries.get(head.hexacode);
      if (!entry) entries.set(head.hexacode, (entry = { ...head, alarms: [] }));
      entry.alarms.push({ row, device });
    }
    return entries;
  }

  function present(entry: EntryAlarms, viewer: AlarmViewer): AlarmEntry {
    const alarms = entry.alarms.map(({ row, device }): ActiveAlarm => {
      const facts = directory.department(device.model, row.department, row.subDepartment, viewer.language);
      return {
        id: row.id,
        hexacode: row.hexacode,
        deviceName: viewer.labels[device.hexacode] ?? device.name,
        code: row.code,
        translation: translations.translate(viewer.language, row.code, row.adfName),
        department: row.department,
        subDepartment: row.subDepartment,
        departmentName: viewer.labels[departmentKey(row)] ?? facts.departmentName ?? row.departmentName,
        page: facts.page,
        raisedAt: row.raisedAt.toISOString(),
        state: row.acknowledgedAt ? 'ACTIVE_ACKNOWLEDGED' : 'ACTIVE_UNACKNOWLEDGED',
        acknowledgedBy: row.acknowledgedBy,
        acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
        comment: row.ackComment,
      };
    });
    return {
      type: entry.type,
      hexacode: entry.hexacode,
      name: viewer.labels[entry.owner.key] ?? entry.owner.name,
      size: alarms.length,
      empty: alarms.length === 0,
      alarms,
    };
  }

  /** The entry a change of `hexacode` replaces, from a snapshot; an empty one when nothing is left. */
  async function changedEntry(
    snapshotOf: Map<string, EntryAlarms>,
    tenantId: string,
    hexacode: string,
  ): Promise<EntryAlarms | undefined> {
    const device = await directory.device(tenantId, hexacode);
    if (!device) return undefined;
    const head = entryOf(device);
    return snapshotOf.get(head.hexacode) ?? { ...head, alarms: [] };
  }

  return { snapshot, present, changedEntry };
}

export type AlarmEntries = ReturnType<typeof createAlarmEntries>;
