import type { ActorRefFrom } from 'xstate';
import type { dashboardEditorMachine } from '../../machines/dashboardEditor/dashboardEditorMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../useSystemActor';

export type DashboardEditorActor = ActorRefFrom<typeof dashboardEditorMachine>;

/** The long-lived dashboard editing actor (spawned by the app machine while signed in). */
export const useDashboardEditor = () => useSystemActor<DashboardEditorActor>(SYSTEM_IDS.dashboardEditor);
