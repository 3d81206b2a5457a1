import type { AdfRegistry } from '../../gateway/adf/loader';
import type { AdfLine } from '../../gateway/adf/schema';
import { rawToNumber } from '../../gateway/adf/translate';
import type { VirtualDeviceDefinition, VirtualLine } from '../../gateway/virtual';
import type { BufferAddress, HistoryDevice } from './repository';

/** The ADF line of a real device's address, if its model has one. */
export function adfLineOf(
  adfs: AdfRegistry,
  model: string,
  address: Omit<BufferAddress, 'hexacode'>,
): AdfLine | undefined {
  return adfs.get(model)?.kindOf(address.department, address.subDepartment)?.line(address.page, address.line);
}

/** The computed line of a virtual device's address. */
export function virtualLineOf(
  definition: VirtualDeviceDefinition,
  address: Omit<BufferAddress, 'hexacode'>,
): VirtualLine | undefined {
  return definition.departments
    .find((d) => d.department === address.department && d.subDepartment === address.subDepartment)
    ?.pages.find((p) => p.number === address.page)
    ?.lines.find((l) => l.number === address.line);
}

/** Name and unit of the line at an address of a device, as its ADF or virtual definition says. */
export function lineLabel(
  adfs: AdfRegistry,
  device: HistoryDevice,
  address: Omit<BufferAddress, 'hexacode'>,
): { name: string; unit: string } | undefined {
  const line =
    device.type === 'VIRTUAL_DEVICE'
      ? device.virtualDefinition && virtualLineOf(device.virtualDefinition, address)
      : adfLineOf(adfs, device.model, address);
  return line ? { name: line.name, unit: line.unit } : undefined;
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
