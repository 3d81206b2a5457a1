import type { ActorRefFrom } from 'xstate';
import { DEVICE_CONFIGURATION_SYSTEM_ID } from '../../machines/deviceConfiguration/deviceConfiguration.events';
import type { deviceConfigurationMachine } from '../../machines/deviceConfiguration/deviceConfigurationMachine';
import { DeviceConfigurationDialog } from './DeviceConfigurationDialog';
import { useOptionalSystemActor } from './useOptionalSystemActor';

/** Shows the device configuration dialog while the app machine runs its actor (opened from the account menu). */
export function DeviceConfigurationHost() {
  const actor = useOptionalSystemActor<ActorRefFrom<typeof deviceConfigurationMachine>>(
    DEVICE_CONFIGURATION_SYSTEM_ID,
  );
  return actor ? <DeviceConfigurationDialog actor={actor} /> : null;
}
