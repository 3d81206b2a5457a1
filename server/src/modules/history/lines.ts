import type { AdfRegistry } from '../../gateway/adf/loader';
import type { AdfLine } from '../../gateway/adf/schema';
import { rawToNumber } from '../../gateway/adf/translate';
import type { VirtualDeviceDefinition, VirtualLine } from '../../gateway/virtual';
import type { BufferAddress } from '../buffers/repository';
import type { HistoryDevice } from './repository';

/** The ADF line of a real device's address, if its model has one. */
export function adfLineOf(
  adfs: AdfRegistry,
  model: string,
  address: Omit<BufferAddress, 'hexacode'>,
): AdfLine | undefined {
  return adfs.get(model)?.kindOf(address.department, address.subDepartment)?.line(address.page, address.line);
}

/** The computed line of a virtual device's address. */
function virtualLineOf(
  definition: VirtualDeviceDefinition,
  address: Omit<BufferAddress, 'hexacode'>,
): VirtualLine | undefined {
  return definition.departments
    .find((d) => d.department === address.department && d.subDepartment === address.subDepartment)
    ?.pages.find((p) => p.number === address.page)
    ?.lines.find((l) => l.number === address.line);
}

/** What a chart names a line by: its name, unit and the labels of its states (null for numbers). */
export interface LineLabel {
  name: string;
  unit: string;
  options: { label: string; index: number }[] | null;
}

/**
 * Name, unit and states of the line at an address of a device, as its ADF (in `language`) or virtual definition
 * (as its author wrote it) says.
 */
export function lineLabel(
  adfs: AdfRegistry,
  device: HistoryDevice,
  address: Omit<BufferAddress, 'hexacode'>,
  language: string,
): LineLabel | undefined {
  if (device.type === 'VIRTUAL_DEVICE') {
    const line = device.virtualDefinition && virtualLineOf(device.virtualDefinition, address);
    return line ? { name: line.name, unit: line.unit, options: null } : undefined;
  }
  const adf = adfs.get(device.model)?.in(language);
  const line = adf?.kindOf(address.department, address.subDepartment)?.line(address.page, address.line);
  if (!line) return undefined;
  const options = line.options?.map(({ label, index }) => ({ label, index })) ?? null;
  return { name: line.name, unit: line.unit, options };
}

/**
 * A raw value as the number history records: the scaled engineering value, or the option index of an option line.
 * Null (no reading), a non-integer or an index that is no option is a gap.
 */
export function recordedValue(line: AdfLine, raw: number | null | undefined): number | null {
  if (raw === null || raw === undefined || !Number.isInteger(raw)) return null;
  if (line.options) return line.options.some((o) => o.index === raw) ? raw : null;
  const value = rawToNumber(line, raw);
  return Number.isFinite(value) ? value : null;
}
