import type { CompiledAdf } from '../../gateway/adf/loader';
import type { Gateway } from '../../gateway/gateway';

/** A case's temperature now and the limit it is held to. */
export interface CaseReading {
  temperature: number;
  limit: number;
}

/**
 * Which line is a case's temperature and which its limit: the department's air temperature and its high alarm
 * limit, as the ADF names them (docs/decisions/fleet-case-limit.md). The one place that decides it, so the
 * food-safety limits per case can take its place.
 */
const TEMPERATURE_KEY = 'airTemp';
const LIMIT_KEY = 'highAlarm';

/** Whether a department of this model is a case (it has a temperature and a limit). */
export function isCase(adf: CompiledAdf, department: number, subDepartment: number): boolean {
  const kind = adf.kindOf(department, subDepartment);
  return Boolean(kind?.byKey.has(TEMPERATURE_KEY) && kind.byKey.has(LIMIT_KEY));
}

/** The case's reading as last reported, or null when the device, department or a value is not there now. */
export async function caseReadingOf(
  gateway: Pick<Gateway, 'readLine'>,
  adf: CompiledAdf,
  place: { tenant: string; hexacode: string; department: number; subDepartment: number },
): Promise<CaseReading | null> {
  const kind = adf.kindOf(place.department, place.subDepartment);
  const read = async (key: string) => {
    const found = kind?.byKey.get(key);
    if (!found) return null;
    const view = await gateway.readLine({ ...place, page: found.page, line: found.line.number });
    const value = 'value' in view && view.status === 'OK' ? Number(view.value) : NaN;
    return Number.isFinite(value) ? value : null;
  };
  const [temperature, limit] = [await read(TEMPERATURE_KEY), await read(LIMIT_KEY)];
  return temperature === null || limit === null ? null : { temperature, limit };
}
