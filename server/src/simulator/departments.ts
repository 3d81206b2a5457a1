import { type CompiledAdf, departmentKey } from '../gateway/adf/loader';
import type { AdfLine } from '../gateway/adf/schema';
import { numberToRaw } from '../gateway/adf/translate';
import type { FleetDevice } from './fleetDevice';
import { type DepartmentSim, createDepartmentSim } from './physics';
import type { Random } from './random';

/** One department of a simulated controller: where it sits in the ADF, and its physics. */
export interface SimulatedDepartment {
  department: number;
  subDepartment: number;
  kind: string;
  sim: DepartmentSim;
}

/** The departments a fleet device has (all of its model's unless it names them), each with its physics. */
export function simulatedDepartments(
  spec: FleetDevice,
  adf: CompiledAdf,
  random: Random,
): SimulatedDepartment[] {
  const present =
    spec.departments ?? adf.doc.departments.map((d) => departmentKey(d.department, d.subDepartment));
  return present.map((key) => {
    const d = adf.departmentsByKey.get(key);
    if (!d) throw new Error(`${spec.hexacode}: department ${key} is not in the ${adf.model} ADF`);
    const sim = createDepartmentSim(d.kind, spec.profiles?.[key], random);
    if (!sim) throw new Error(`${spec.hexacode}: no physics for department kind ${d.kind}`);
    return { department: d.department, subDepartment: d.subDepartment, kind: d.kind, sim };
  });
}

/** The raw integer a controller would report for a line from its physics' value (null: no reading). */
export function rawOf(line: AdfLine, value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return line.options ? Math.round(value) : numberToRaw(line, value);
}
