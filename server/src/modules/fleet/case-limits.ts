import { caseKey } from '#contracts';
import type { Gateway } from '../../gateway/gateway';
import { casesWithLimits, type ReportDeps } from '../foodSafety/report';
import type { ReportScope } from '../foodSafety/repository';

/** A case's temperature now and the limit it is held to. */
export interface CaseReading {
  temperature: number;
  limit: number;
}

/** Where a case's watched line is and the high limit it is judged by. */
export interface JudgedCase {
  page: number;
  line: number;
  high: number;
}

export type CaseLimits = (
  request: { tenantId: string; tenant: string; language: string; now: number },
  scope: ReportScope,
) => Promise<ReadonlyMap<string, JudgedCase>>;

/**
 * The cases of a store and their food-safety limits, as the HACCP report judges them: the limit a user stored,
 * else the default from the ADF and the recorded setpoint, on its line (product probe or air); see
 * docs/decisions/fleet-case-limit.md. Keyed by `caseKey`.
 */
export const foodSafetyCaseLimits =
  (deps: ReportDeps): CaseLimits =>
  async (request, scope) => {
    const judged = new Map<string, JudgedCase>();
    for (const { report, limit } of await casesWithLimits(deps, { ...request, scope })) {
      const key = limit.line === 'product' ? report.food.product : report.food.air;
      const found = key === undefined ? undefined : report.kind.byKey.get(key);
      if (found) judged.set(caseKey(report), { page: found.page, line: found.line.number, high: limit.high });
    }
    return judged;
  };

/** The case's reading as last reported, or null when the device, department or value is not there now. */
export async function caseReadingOf(
  gateway: Pick<Gateway, 'readLine'>,
  judged: JudgedCase,
  place: { tenant: string; hexacode: string; department: number; subDepartment: number },
): Promise<CaseReading | null> {
  const view = await gateway.readLine({ ...place, page: judged.page, line: judged.line });
  const temperature = 'value' in view && view.status === 'OK' ? Number(view.value) : NaN;
  return Number.isFinite(temperature) ? { temperature, limit: judged.high } : null;
}
