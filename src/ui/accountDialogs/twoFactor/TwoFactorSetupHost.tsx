import type { ActorRefFrom } from 'xstate';
import { TWO_FACTOR_SETUP_SYSTEM_ID } from '../../../machines/twoFactorSetup/twoFactorSetup.events';
import type { twoFactorSetupMachine } from '../../../machines/twoFactorSetup/twoFactorSetupMachine';
import { useOptionalSystemActor } from '../../dialogs/useOptionalSystemActor';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

/** Shows the two-factor setup dialog while its actor runs (the account settings dialog starts it). */
export function TwoFactorSetupHost() {
  const actor =
    useOptionalSystemActor<ActorRefFrom<typeof twoFactorSetupMachine>>(TWO_FACTOR_SETUP_SYSTEM_ID);
  return actor ? <TwoFactorSetupDialog actor={actor} /> : null;
}
