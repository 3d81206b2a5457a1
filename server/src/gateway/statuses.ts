import type { DepartmentStatus } from './protocol';

/** The offline counterpart of a status (SPEC §4). */
export function offlineStatus(s: DepartmentStatus): DepartmentStatus {
  return withAlarm('OFF', s === 'ON_ALARM' || s === 'OFF_ALARM');
}

/** The alarm counterpart of a status (ON → ON_ALARM, OFF → OFF_ALARM) or, with `alarm` false, the plain one. */
export function withAlarm(status: DepartmentStatus, alarm: boolean): DepartmentStatus {
  const off = status === 'OFF' || status === 'OFF_ALARM';
  if (alarm) return off ? 'OFF_ALARM' : 'ON_ALARM';
  return off ? 'OFF' : 'ON';
}

/**
 * A department's alarm list and status after one `alarm` message: a raise adds its code and makes the department
 * ON_ALARM (OFF_ALARM when the device reported it switched off); clearing the last code makes it ON (OFF) again.
 */
export function applyAlarmChange(
  current: { status?: DepartmentStatus; alarms?: string[] },
  code: string,
  raised: boolean,
): { status: DepartmentStatus; alarms: string[] } {
  const alarms = (current.alarms ?? []).filter((c) => c !== code);
  if (raised) alarms.push(code);
  return { status: withAlarm(current.status ?? 'ON', alarms.length > 0), alarms };
}
