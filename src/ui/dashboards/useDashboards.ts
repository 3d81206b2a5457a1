import type { ActorRefFrom } from 'xstate';
import type { dashboardsMachine } from '../../machines/dashboards/dashboardsMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useSystemActor } from '../useSystemActor';

export type DashboardsActor = ActorRefFrom<typeof dashboardsMachine>;

/** The long-lived dashboards list actor (spawned by the app machine while signed in). */
export const useDashboards = () => useSystemActor<DashboardsActor>(SYSTEM_IDS.dashboards);
