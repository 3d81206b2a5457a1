import { departmentKey } from './adf/loader';
import type { DepartmentAddress, PageAddress } from './addresses';
import type { LineStatus } from './adf/translate';
import type { GatewayEvent } from './events';
import { type LineView, lineIdentity } from './line-view';
import type { DepartmentView, LineReader, LinesResult } from './lines';
import type { GatewayLogger } from './logger';
import { type VirtualDeviceDefinition, evaluateVirtualLine } from './virtual';

/**
 * Virtual devices: lines computed from lines of real devices (virtual.ts evaluates one line). Keeps the
 * definitions, knows which real departments each one reads, and recomputes a virtual device when one of them
 * changes, announcing only the lines whose status or value changed.
 */
export class VirtualDevices {
  private readonly definitions = new Map<string, VirtualDeviceDefinition>();
  /** source "tenant/hex/d.s" → virtual device keys "tenant/hex" depending on it */
  private readonly dependents = new Map<string, Set<string>>();
  /** "tenant/hex/d.s/page.line" → last announced "status|value" */
  private readonly lastAnnounced = new Map<string, string>();
  private readonly dirty = new Set<string>();
  private flush: NodeJS.Immediate | undefined;

  constructor(
    private readonly reader: LineReader,
    private readonly emit: (event: GatewayEvent) => void,
    private readonly log: GatewayLogger,
  ) {}

  /** Replaces the virtual devices of a tenant (at start from the database, and whenever they change). */
  set(tenant: string, definitions: readonly VirtualDeviceDefinition[]): void {
    for (const key of [...this.definitions.keys()])
      if (key.startsWith(`${tenant}/`)) this.definitions.delete(key);
    for (const set of this.dependents.values())
      for (const k of [...set]) if (k.startsWith(`${tenant}/`)) set.delete(k);
    for (const def of definitions) {
      const key = `${tenant}/${def.hexacode}`;
      this.definitions.set(key, def);
      for (const d of def.departments)
        for (const p of d.pages)
          for (const l of p.lines)
            for (const s of l.sources) {
              const src = `${tenant}/${s.hexacode}/${departmentKey(s.department, s.subDepartment)}`;
              let set = this.dependents.get(src);
              if (!set) this.dependents.set(src, (set = new Set()));
              set.add(key);
            }
      this.dirty.add(key);
    }
    this.schedule();
  }

  has(tenant: string, hexacode: string): boolean {
    return this.definitions.has(`${tenant}/${hexacode}`);
  }

  /** The real departments a virtual department reads (each once), or undefined when it is not one. */
  sourcesOf(
    address: DepartmentAddress,
  ): { hexacode: string; department: number; subDepartment: number }[] | undefined {
    const dep = this.department(address);
    if (!dep) return undefined;
    const unique = new Map<string, { hexacode: string; department: number; subDepartment: number }>();
    for (const p of dep.pages)
      for (const l of p.lines)
        for (const s of l.sources)
          unique.set(`${s.hexacode}/${departmentKey(s.department, s.subDepartment)}`, {
            hexacode: s.hexacode,
            department: s.department,
            subDepartment: s.subDepartment,
          });
    return [...unique.values()];
  }

  /** Departments of a virtual device (always ON), or undefined when it is not one. */
  departments(tenant: string, hexacode: string): DepartmentView[] | undefined {
    return this.definitions.get(`${tenant}/${hexacode}`)?.departments.map((d) => ({
      department: d.department,
      subDepartment: d.subDepartment,
      name: d.name,
      status: 'ON' as const,
    }));
  }

  pages(address: DepartmentAddress): { status: LineStatus; pages: { number: number; name: string }[] } {
    const d = this.department(address);
    if (!d) return { status: 'DEPARTMENT_NOT_PRESENT', pages: [] };
    return { status: 'OK', pages: d.pages.map((p) => ({ number: p.number, name: p.name })) };
  }

  async readLines(address: PageAddress): Promise<LinesResult> {
    const dep = this.department(address);
    if (!dep) return { status: 'DEPARTMENT_NOT_PRESENT', lines: [] };
    const p = dep.pages.find((x) => x.number === address.page);
    if (!p) return { status: 'PAGE_NOT_PRESENT', lines: [] };
    const lines = await Promise.all(
      p.lines.map(async (l): Promise<LineView> => {
        const readings = await Promise.all(
          l.sources.map((s) => this.reader.reading({ ...s, tenant: address.tenant })),
        );
        return {
          ...lineIdentity(address, l),
          readOnly: true,
          isFactorySettings: false,
          ...evaluateVirtualLine(l, readings),
        };
      }),
    );
    return { status: 'OK', lines };
  }

  /** Values of a real department changed. */
  sourceChanged(source: string): void {
    const set = this.dependents.get(source);
    if (!set || set.size === 0) return;
    for (const k of set) this.dirty.add(k);
    this.schedule();
  }

  /** A real device went online or offline: all of its departments count as changed. */
  deviceChanged(tenant: string, hexacode: string): void {
    for (const src of this.dependents.keys())
      if (src.startsWith(`${tenant}/${hexacode}/`)) this.sourceChanged(src);
  }

  stop(): void {
    if (this.flush) clearImmediate(this.flush);
  }

  private department({ tenant, hexacode, department, subDepartment }: DepartmentAddress) {
    return this.definitions
      .get(`${tenant}/${hexacode}`)
      ?.departments.find((d) => d.department === department && d.subDepartment === subDepartment);
  }

  private schedule(): void {
    if (this.flush || this.dirty.size === 0) return;
    // Coalesce: many source updates in one tick recompute each virtual device once.
    this.flush = setImmediate(() => {
      this.flush = undefined;
      const keys = [...this.dirty];
      this.dirty.clear();
      for (const key of keys) void this.recompute(key);
    });
  }

  private async recompute(key: string): Promise<void> {
    const def = this.definitions.get(key);
    if (!def) return;
    const tenant = key.slice(0, key.indexOf('/'));
    try {
      for (const d of def.departments) {
        const changed: LineView[] = [];
        for (const p of d.pages) {
          const result = await this.readLines({
            tenant,
            hexacode: def.hexacode,
            department: d.department,
            subDepartment: d.subDepartment,
            page: p.number,
          });
          for (const l of result.lines) {
            const lk = `${key}/${d.department}.${d.subDepartment}/${p.number}.${l.number}`;
            const sig = `${l.status}|${l.value ?? ''}`;
            if (this.lastAnnounced.get(lk) !== sig) {
              this.lastAnnounced.set(lk, sig);
              changed.push(l);
            }
          }
        }
        if (changed.length > 0) {
          this.emit({
            type: 'VirtualLineValues',
            tenant,
            hexacode: def.hexacode,
            department: d.department,
            subDepartment: d.subDepartment,
            lines: changed,
          });
        }
      }
    } catch (error) {
      this.log.error({ err: error, key }, 'gateway: virtual device evaluation failed');
    }
  }
}
