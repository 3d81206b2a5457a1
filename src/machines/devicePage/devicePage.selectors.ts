import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Line, LineStatus } from '#contracts/devices';
import type { lineEditMachine } from '../lineEdit/lineEditMachine';
import type { devicePageMachine } from './devicePageMachine';

type DevicePageSnapshot = SnapshotFrom<typeof devicePageMachine>;

export type DevicePageView = 'idle' | 'lookingUp' | 'loading' | 'offline' | 'failed' | 'loaded';

const BREADCRUMB_SEPARATOR = ' › ';

export const selectView = (s: DevicePageSnapshot): DevicePageView =>
  typeof s.value === 'string' ? (s.value as DevicePageView) : 'loaded';

/** SPEC §2: the title is the page number and name (the number alone until the tree knows the name). */
export const selectTitle = (s: DevicePageSnapshot): string => {
  const { address, department } = s.context;
  if (!address) return '';
  const name = department?.pageName?.trim();
  return name ? `${address.page} ${name}` : String(address.page);
};

/**
 * Head bar breadcrumb as one stable string: business group (when the device is a member of one), device,
 * department, page title, joined with BREADCRUMB_SEPARATOR; '' until the department is known.
 */
export const selectBreadcrumb = (s: DevicePageSnapshot): string => {
  const { department } = s.context;
  if (!department) return '';
  return [department.groupName, department.deviceName, department.departmentName, selectTitle(s)]
    .filter((part): part is string => Boolean(part))
    .join(BREADCRUMB_SEPARATOR);
};

export const breadcrumbParts = (breadcrumb: string): string[] =>
  breadcrumb === '' ? [] : breadcrumb.split(BREADCRUMB_SEPARATOR);

export const selectLines = (s: DevicePageSnapshot): readonly Line[] => s.context.lines;
/** The page open (its department's values are live or not together). */
export const selectAddress = (s: DevicePageSnapshot) => s.context.address;
export const selectLinesStatus = (s: DevicePageSnapshot): LineStatus | null => s.context.linesStatus;
export const selectDepartmentName = (s: DevicePageSnapshot): string =>
  s.context.department?.departmentName ?? '';
export const selectShowRealtimeNote = (s: DevicePageSnapshot): boolean => s.context.showRealtimeNote;
export const selectIsRefreshing = (s: DevicePageSnapshot): boolean => s.matches({ loaded: 'refreshing' });
/** The running line edit workflow: the line details dialog is open while it exists. */
export const selectLineEditActor = (
  s: DevicePageSnapshot,
): ActorRefFrom<typeof lineEditMachine> | undefined =>
  s.children.lineEdit as ActorRefFrom<typeof lineEditMachine> | undefined;
