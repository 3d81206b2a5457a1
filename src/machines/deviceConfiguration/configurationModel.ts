import type { MessageId } from '../../i18n/messages';
import type { DeviceConfigurationSave, ConfigurationEntry } from '#contracts/deviceConfiguration';
import type { DeviceTreeItem, DeviceType } from '#contracts/devices';
import { compareNames } from '#contracts/names';
import type { SortSettings } from '#contracts/settings';

/** A department as the dialog edits it: `label` is the text of its name field. */
export interface ConfigDepartment {
  key: string;
  name: string;
  label: string;
  department: number;
  subDepartment: number;
}

/** A business group or device (top level or group member) as the dialog edits it. */
export interface ConfigItem {
  key: string;
  type: DeviceType;
  hexacode: string;
  rawHexacode: string;
  name: string;
  label: string;
  order: number;
  departments: ConfigDepartment[];
  members: ConfigItem[];
}

/** The name error of each item or department key; read it with nameErrorOf, as keys are the server's. */
export type NameErrors = Readonly<Record<string, MessageId>>;

/** The error of `key`, own keys only: 'constructor' or 'toString' are keys like any other. */
export const nameErrorOf = (errors: NameErrors, key: string): MessageId | null =>
  Object.hasOwn(errors, key) ? errors[key]! : null;

const toDepartments = (item: DeviceTreeItem): ConfigDepartment[] =>
  item.departments
    .map((d) => ({
      key: d.key,
      name: d.name,
      label: d.configuration?.label ?? d.name,
      department: d.department,
      subDepartment: d.subDepartment,
    }))
    .sort((a, b) => a.department - b.department || a.subDepartment - b.subDepartment);

export const toConfigItem = (item: DeviceTreeItem): ConfigItem => ({
  key: item.key,
  type: item.type,
  hexacode: item.hexacode,
  rawHexacode: item.rawHexacode,
  name: item.name,
  label: item.configuration?.label ?? item.name,
  order: item.order,
  departments: toDepartments(item),
  members: item.devices.map(toConfigItem),
});

const shownName = (item: ConfigItem) => item.label.trim() || item.name;

/** SPEC §4 sorting: CUSTOM by order, NAME by label else name; the direction applies to both. */
export function sortItems(items: readonly ConfigItem[], settings: SortSettings): ConfigItem[] {
  const sign = settings.sortDirection === 'ASC' ? 1 : -1;
  const compare =
    settings.sortMode === 'CUSTOM'
      ? (a: ConfigItem, b: ConfigItem) => a.order - b.order
      : (a: ConfigItem, b: ConfigItem) => compareNames(shownName(a), shownName(b)) || a.order - b.order;
  return [...items]
    .sort((a, b) => sign * compare(a, b))
    .map((item) =>
      item.members.length > 0 ? { ...item, members: sortItems(item.members, settings) } : item,
    );
}

/** Moves a top-level item to `toIndex` of the shown (CUSTOM) list and renumbers the orders to match it. */
export function moveItem(items: readonly ConfigItem[], key: string, toIndex: number, settings: SortSettings) {
  const from = items.findIndex((item) => item.key === key);
  if (from < 0) return [...items];
  const shown = [...items];
  const [moved] = shown.splice(from, 1);
  shown.splice(Math.max(0, Math.min(toIndex, shown.length)), 0, moved!);
  const last = shown.length - 1;
  return shown.map((item, index) => ({
    ...item,
    order: settings.sortDirection === 'ASC' ? index : last - index,
  }));
}

/** Renames every item or department with `key`, wherever it sits in the tree. */
export function renameItem(items: readonly ConfigItem[], key: string, label: string): ConfigItem[] {
  return items.map((item) => ({
    ...item,
    label: item.key === key ? label : item.label,
    departments: item.departments.map((d) => (d.key === key ? { ...d, label } : d)),
    members: renameItem(item.members, key, label),
  }));
}

/** SPEC §5: business group, device and department names are required. */
export function nameErrors(items: readonly ConfigItem[]): NameErrors {
  const errors: [string, MessageId][] = [];
  const visit = (item: ConfigItem) => {
    if (item.label.trim() === '')
      errors.push([
        item.key,
        item.type === 'BUSINESS_GROUP'
          ? 'deviceConfiguration.groupNameRequired'
          : 'deviceConfiguration.deviceNameRequired',
      ]);
    for (const d of item.departments)
      if (d.label.trim() === '') errors.push([d.key, 'deviceConfiguration.departmentNameRequired']);
    item.members.forEach(visit);
  };
  items.forEach(visit);
  // From entries, not by assignment: the keys are the server's, and '__proto__' would set the prototype.
  return Object.fromEntries(errors);
}

/** Items whose name, hexacode or any department or member matches the search text. */
export function matchesSearch(item: ConfigItem, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (needle === '') return true;
  const hit = (value: string) => value.toLowerCase().includes(needle);
  return (
    hit(item.label) ||
    hit(item.name) ||
    hit(item.hexacode) ||
    item.departments.some((d) => hit(d.label) || hit(d.name)) ||
    item.members.some((member) => matchesSearch(member, needle))
  );
}

// A label equal to the device's or ADF's own name is stored as null: it follows that name if it changes.
const entry = (key: string, label: string, name: string): ConfigurationEntry => {
  const trimmed = label.trim();
  return { key, label: trimmed === '' || trimmed === name ? null : trimmed };
};

const entries = (item: ConfigItem): ConfigurationEntry[] => [
  entry(item.key, item.label, item.name),
  ...item.departments.map((d) => entry(d.key, d.label, d.name)),
  ...item.members.flatMap(entries),
];

/** The body of POST /api/v2/account/settings/devices. */
export const toSave = (items: readonly ConfigItem[], settings: SortSettings): DeviceConfigurationSave => ({
  settings,
  devices: items.map((item) => ({
    rawHexacode: item.rawHexacode,
    key: item.key,
    order: item.order,
    data: entries(item),
  })),
});
