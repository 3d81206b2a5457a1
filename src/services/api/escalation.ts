import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import { AlarmDelays, EscalationPolicy, EscalationTestRuns, type EscalationTestRun } from '#contracts';
import { errorBodyOf, failingAs } from './failures';

/**
 * Why a call of the escalation policy or the alarm delays failed: a 400 naming a field (its dot path as the
 * server wrote it, "levels[1].users"), a 403 (not an administrator, or acting as another user), or no usable
 * answer at all.
 */
export type EscalationFailure =
  { kind: 'invalid'; field: string } | { kind: 'forbidden' } | { kind: 'unavailable' };

/** Issue 31: the tenant's escalation policy and alarm delays (administrators, as themselves). */
export interface EscalationApi {
  /** Rejects with an EscalationFailure. */
  fetchEscalationPolicy(): Promise<EscalationPolicy>;
  /** Rejects with an EscalationFailure. */
  saveEscalationPolicy(policy: EscalationPolicy): Promise<EscalationPolicy>;
  /** Rejects with an EscalationFailure. */
  fetchAlarmDelays(): Promise<AlarmDelays>;
  /** Rejects with an EscalationFailure. */
  saveAlarmDelays(delays: AlarmDelays): Promise<AlarmDelays>;
  /** The weekly test alarms, newest first. Rejects with an EscalationFailure. */
  fetchTestRuns(): Promise<EscalationTestRun[]>;
}

const POLICY = 'v2/alarms/escalation';
const DELAYS = 'v2/alarms/delays';
const TEST_RUNS = 'v2/alarms/escalation/tests';

/** The server writes "path: message" (the contract's or a service's rule); the path is what the form marks. */
const fieldOf = (message: string) => /^([\w.[\]]+): /.exec(message)?.[1] ?? '';

async function toFailure(error: unknown): Promise<EscalationFailure> {
  if (!(error instanceof HTTPError)) return { kind: 'unavailable' };
  if (error.response.status === 403) return { kind: 'forbidden' };
  const body = await errorBodyOf(error.response);
  return error.response.status === 400 && body
    ? { kind: 'invalid', field: fieldOf(body.message) }
    : { kind: 'unavailable' };
}

const failing = failingAs(toFailure);

export function createEscalationApi(http: KyInstance): EscalationApi {
  return {
    fetchEscalationPolicy: () =>
      failing(async () => v.parse(EscalationPolicy, await http.get(POLICY).json())),
    saveEscalationPolicy: (policy) =>
      failing(async () => v.parse(EscalationPolicy, await http.put(POLICY, { json: policy }).json())),
    fetchAlarmDelays: () => failing(async () => v.parse(AlarmDelays, await http.get(DELAYS).json())),
    saveAlarmDelays: (delays) =>
      failing(async () => v.parse(AlarmDelays, await http.put(DELAYS, { json: delays }).json())),
    fetchTestRuns: () => failing(async () => v.parse(EscalationTestRuns, await http.get(TEST_RUNS).json())),
  };
}
