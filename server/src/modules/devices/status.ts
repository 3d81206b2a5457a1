import type { DeviceStatus } from '#contracts';

const SEVERITY: Record<DeviceStatus, number> = { ON: 0, OFF: 1, ON_ALARM: 2, OFF_ALARM: 3 };
/** A business group shows the worst status of its members: an alarm outranks offline, offline outranks on. */
export const worstStatus = (statuses: DeviceStatus[]): DeviceStatus =>
  statuses.reduce<DeviceStatus>((worst, s) => (SEVERITY[s] > SEVERITY[worst] ? s : worst), 'ON');
