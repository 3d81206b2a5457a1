import type { AccountDialogRegistry } from '../accountDialogs/accountDialog.types';
import type { alarmListMachine } from '../alarms/alarmListMachine';
import type { dashboardEditorMachine } from '../dashboardEditor/dashboardEditorMachine';
import type { dashboardsMachine } from '../dashboards/dashboardsMachine';
import type { deviceConfigurationMachine } from '../deviceConfiguration/deviceConfigurationMachine';
import type { devicePageMachine } from '../devicePage/devicePageMachine';
import type { deviceTreeMachine } from '../deviceTree/deviceTreeMachine';
import type { socketMachine } from '../socket/socketMachine';
import type { provideReports } from '../reports/provideReports';
import type { provideStores } from '../stores/provideStores';

/**
 * The machines of the signed-in world, bound to their services. Only their types are named here: the
 * machines themselves live in a chunk loaded on sign-in (see provideSignedInWorld.ts), so the login screen
 * does not download them.
 */
export interface SignedInWorld {
  socket: typeof socketMachine;
  deviceTree: typeof deviceTreeMachine;
  dashboards: typeof dashboardsMachine;
  devicePage: typeof devicePageMachine;
  dashboardEditor: typeof dashboardEditorMachine;
  deviceConfiguration: typeof deviceConfigurationMachine;
  alarms: typeof alarmListMachine;
  accountDialogs: AccountDialogRegistry;
  /** The /stores screen's workflow (the screen runs it while it is open). */
  stores: ReturnType<typeof provideStores>;
  /** The /reports screen's workflow (the screen runs it while it is open). */
  reports: ReturnType<typeof provideReports>;
}
