import { caseKey, type FoodSafetyCase, type FoodSafetyLimit } from '#contracts';
import { departmentKey, type AdfRegistry, type CompiledKind } from '../../gateway/adf/loader';
import type { AdfFoodSafety } from '../../gateway/adf/schema';
import { defaultLimit, lineOf } from './limits';
import type { LimitRow, ReportScope } from './repository';

/** A case of a report: a department of a food-holding kind, the buffers that record its lines, its limit. */
export interface ReportCase {
  hexacode: string;
  department: number;
  subDepartment: number;
  deviceName: string;
  name: string;
  food: AdfFoodSafety;
  kind: CompiledKind;
  stored: LimitRow | null;
  buffers: {
    air: BufferPick | null;
    product: BufferPick | null;
    defrost: BufferPick | null;
    setpoint: BufferPick | null;
  };
}

interface BufferPick {
  id: number;
  intervalSeconds: number;
}

export interface BufferAddress {
  id: number;
  hexacode: string;
  department: number;
  subDepartment: number;
  page: number;
  line: number;
  intervalSeconds: number;
}

/**
 * The cases of a scope: every department of a kind whose ADF says it holds food, on a device of the scope, that
 * is recorded or that the device reports now. `buffers` come finest interval first: the first recording a line wins.
 */
export function casesOf(
  scope: ReportScope,
  adfs: AdfRegistry,
  language: string,
  buffers: readonly BufferAddress[],
  limits: readonly LimitRow[],
  reported: (hexacode: string) => ReadonlySet<string>,
): ReportCase[] {
  const cases: ReportCase[] = [];
  for (const device of scope.devices) {
    const adf = adfs.get(device.model);
    if (!adf) continue;
    const named = adf.in(language);
    for (const d of adf.doc.departments) {
      const kind = adf.kinds.get(d.kind);
      const food = kind?.doc.foodSafety;
      if (!kind || !food) continue;
      const address = { hexacode: device.hexacode, department: d.department, subDepartment: d.subDepartment };
      const pick = (key: string | undefined): BufferPick | null => {
        const at = lineOf(kind, key);
        const found =
          at &&
          buffers.find(
            (b) =>
              b.hexacode === device.hexacode &&
              b.department === d.department &&
              b.subDepartment === d.subDepartment &&
              b.page === at.page &&
              b.line === at.line,
          );
        return found ? { id: found.id, intervalSeconds: found.intervalSeconds } : null;
      };
      const picked = {
        air: pick(food.air),
        product: pick(food.product),
        defrost: pick(food.defrost),
        setpoint: pick(food.setpoint),
      };
      const present = reported(device.hexacode).has(departmentKey(d.department, d.subDepartment));
      if (!present && !picked.air && !picked.product) continue;
      cases.push({
        ...address,
        deviceName: device.name,
        name: named.department(d.department, d.subDepartment)?.name ?? d.name,
        food,
        kind,
        stored: limits.find((l) => caseKey(l) === caseKey(address)) ?? null,
        buffers: picked,
      });
    }
  }
  return cases;
}

/** The limit a case is judged by: the one a user set, else the default from its ADF and recorded setpoint. */
export function limitOf(
  c: ReportCase,
  setpoint: number | null,
): { limit: FoodSafetyLimit; isDefault: boolean } {
  if (!c.stored) return { limit: defaultLimit(c.food, setpoint), isDefault: true };
  const { class: kind, line, high, low, graceDegrees, graceMinutes } = c.stored;
  return { limit: { class: kind, line, high, low, graceDegrees, graceMinutes }, isDefault: false };
}

/** A case as the limits list and the report name it, with the limit it is judged by. */
export const caseShown = (
  c: ReportCase,
  judged: { limit: FoodSafetyLimit; isDefault: boolean },
): FoodSafetyCase => ({
  hexacode: c.hexacode,
  department: c.department,
  subDepartment: c.subDepartment,
  deviceName: c.deviceName,
  name: c.name,
  limit: judged.limit,
  isDefault: judged.isDefault,
});
