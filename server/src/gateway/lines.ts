import { type AdfRegistry, type CompiledAdf, type CompiledKind, departmentKey, lineKey } from './adf/loader';
import type { AdfLine } from './adf/schema';
import type { DepartmentAddress, LineAddress, PageAddress } from './addresses';
import { type LineStatus, rawToNumber, translateRaw } from './adf/translate';
import type { CachedDevice, DeviceCache } from './device-cache';
import type { DeviceDirectory, DeviceRecord } from './directory';
import { type LineView, lineIdentity } from './line-view';
import type { DepartmentStatus } from './protocol';
import type { SourceReading } from './virtual';

export interface LinesResult {
  /** OK when the page resolved (each line then has its own status); otherwise why nothing could be shown. */
  status: LineStatus;
  lines: LineView[];
}

export interface DepartmentView {
  department: number;
  subDepartment: number;
  name: string;
  status: DepartmentStatus;
}

export type ResolvedDepartment =
  { record: DeviceRecord; adf: CompiledAdf; kind: CompiledKind } | { status: LineStatus };

/**
 * Reads of real devices: the device's model from the directory, its ADF, and the cached raw values translated into
 * what operators see, each line with its SPEC §4 status.
 */
export class LineReader {
  constructor(
    private readonly directory: DeviceDirectory,
    private readonly adfs: AdfRegistry,
    private readonly cache: DeviceCache,
  ) {}

  async departments(
    tenant: string,
    hexacode: string,
    language = 'en',
  ): Promise<{ status: LineStatus; departments: DepartmentView[] }> {
    const resolved = await this.resolve(tenant, hexacode, language);
    if ('status' in resolved) return { status: resolved.status, departments: [] };
    const fitted = this.cache.get(tenant, hexacode)?.departments;
    return {
      status: 'OK',
      departments: resolved.adf.doc.departments
        .filter((d) => !fitted || fitted.has(departmentKey(d.department, d.subDepartment)))
        .map((d) => ({
          department: d.department,
          subDepartment: d.subDepartment,
          name: d.name,
          status: this.cache.departmentStatus({
            tenant,
            hexacode,
            department: d.department,
            subDepartment: d.subDepartment,
          }),
        })),
    };
  }

  async pages(
    address: DepartmentAddress,
    language = 'en',
  ): Promise<{ status: LineStatus; pages: { number: number; name: string }[] }> {
    const resolved = await this.resolveDepartment(address, language);
    if ('status' in resolved) return { status: resolved.status, pages: [] };
    return { status: 'OK', pages: resolved.kind.doc.pages.map((p) => ({ number: p.number, name: p.name })) };
  }

  async readLines(
    address: PageAddress,
    options: { factorySettings?: boolean; language?: string },
  ): Promise<LinesResult> {
    const resolved = await this.resolveDepartment(address, options.language);
    if ('status' in resolved) return { status: resolved.status, lines: [] };
    const adfPage = resolved.kind.pages.get(address.page);
    if (!adfPage) return { status: 'PAGE_NOT_PRESENT', lines: [] };
    const device = this.cache.get(address.tenant, address.hexacode);
    const lines = adfPage.lines
      .filter((l) => options.factorySettings || !l.factorySettings)
      .map((l) => view(address, l, device));
    return { status: device?.online ? 'OK' : 'DEVICE_CAN_RECEIVED', lines };
  }

  async readLine(address: LineAddress): Promise<LineView | { status: LineStatus }> {
    const resolved = await this.resolveDepartment(address);
    if ('status' in resolved) return { status: resolved.status };
    if (!resolved.kind.pages.has(address.page)) return { status: 'PAGE_NOT_PRESENT' };
    const adfLine = resolved.kind.line(address.page, address.line);
    if (!adfLine) return { status: 'LINE_NOT_PRESENT_IN_ADF' };
    return view(address, adfLine, this.cache.get(address.tenant, address.hexacode));
  }

  /** A source line of a virtual device, as a number (or option label) to aggregate; not ok when unreadable. */
  async reading(s: LineAddress): Promise<SourceReading> {
    const resolved = await this.resolveDepartment(s);
    if ('status' in resolved) return { ok: false };
    const l = resolved.kind.line(s.page, s.line);
    if (!l || !this.cache.get(s.tenant, s.hexacode)?.online) return { ok: false };
    const raw = this.cache.rawValue(s);
    if (raw === null || raw === undefined) return { ok: false };
    const t = translateRaw(l, raw);
    if (t.status !== 'OK') return { ok: false };
    return { ok: true, number: l.options ? undefined : rawToNumber(l, raw), label: t.value };
  }

  /**
   * The device's ADF department (its texts in `language`), unless the device, its ADF or the department (as
   * fitted) is missing.
   */
  async resolveDepartment(address: DepartmentAddress, language = 'en'): Promise<ResolvedDepartment> {
    const { tenant, hexacode, department, subDepartment } = address;
    const resolved = await this.resolve(tenant, hexacode, language);
    if ('status' in resolved) return resolved;
    const kind = resolved.adf.kindOf(department, subDepartment);
    const fitted = this.cache.get(tenant, hexacode)?.departments;
    if (!kind || (fitted && !fitted.has(departmentKey(department, subDepartment)))) {
      return { status: 'DEPARTMENT_NOT_PRESENT' };
    }
    return { ...resolved, kind };
  }

  private async resolve(
    tenant: string,
    hexacode: string,
    language = 'en',
  ): Promise<{ record: DeviceRecord; adf: CompiledAdf } | { status: LineStatus }> {
    const record = await this.directory.find(tenant, hexacode);
    if (!record) return { status: 'DEVICE_NOT_FOUND' };
    const adf = this.adfs.get(record.model);
    if (!adf) return { status: 'ADF_NOT_FOUND' };
    return { record, adf: adf.in(language) };
  }
}

/** The smallest change of a scaled line is one raw unit: the scale's factor. */
const limitsOf = (l: AdfLine) => ({
  min: l.min ?? null,
  max: l.max ?? null,
  step: Math.abs(l.scale.factor),
  unit: l.unit,
});

/** One ADF line with the device's cached value translated, or the status saying why there is none. */
function view(at: PageAddress, l: AdfLine, device: CachedDevice | undefined): LineView {
  const base: LineView = {
    ...lineIdentity(at, l),
    status: 'NO_DATA',
    readOnly: l.readOnly,
    isFactorySettings: l.factorySettings,
    ...(l.options ? { options: l.options.map((o) => ({ label: o.label, index: o.index })) } : {}),
    ...(l.readOnly || l.options ? {} : { limits: limitsOf(l) }),
  };
  if (!device?.online) return { ...base, status: 'DEVICE_CAN_RECEIVED' };
  const values = device.byDepartment.get(departmentKey(at.department, at.subDepartment))?.values;
  if (!values) return base;
  const k = lineKey(at.page, l.number);
  if (!values.has(k)) return { ...base, status: 'LINE_NOT_PRESENT' };
  return { ...base, ...liveValueOf(l, values.get(k)) };
}

/**
 * A device's raw value through its ADF line: the one place where the number a device sends becomes what people
 * read (the scaled number as text, or the state's label in the ADF's language, and for a line of states the
 * state's index). Value, unit and state only when OK.
 */
export function liveValueOf(
  l: AdfLine,
  raw: number | null | undefined,
): Pick<LineView, 'status' | 'value' | 'unit' | 'state'> {
  const t = translateRaw(l, raw);
  return t.status === 'OK'
    ? { status: 'OK', value: t.value, unit: t.unit, ...(l.options && raw != null && { state: raw }) }
    : { status: t.status };
}
