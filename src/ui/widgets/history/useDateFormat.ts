import { useSelector } from '@xstate/react';
import { selectDateFormat } from '../../../machines/dashboardEditor/dashboardEditor.selectors';
import type { DateFormat } from '../../../machines/dateRange/dateText';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';

/** The user's date format (account settings, SPEC §9 default until read) for the times history widgets write. */
export const useDateFormat = (dashboard: DashboardEditorActor): DateFormat =>
  useSelector(dashboard, selectDateFormat);
