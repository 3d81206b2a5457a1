import type { ActorRefFrom } from 'xstate';
import type { deviceConfigurationMachine } from '../../machines/deviceConfiguration/deviceConfigurationMachine';
import { DeviceConfigurationDialog } from './DeviceConfigurationDialog';
import { useOptionalSystemActor } from './useOptionalSystemActor';
import { SYSTEM_IDS } from '../../machines/systemIds';

/** Shows the device configuration dialog while the app machine runs its actor (opened from the account menu). */
export function DeviceConfigurationHost() {
  const actor = useOptionalSystemActor<ActorRefFrom<typeof deviceConfigurationMachine>>(
    SYSTEM_IDS.deviceConfiguration,
  );
  return actor ? <DeviceConfigurationDialog actor={actor} /> : null;
}
