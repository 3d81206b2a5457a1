import type { ActorRefFrom } from 'xstate';
import type { twoFactorSetupMachine } from '../../../machines/twoFactorSetup/twoFactorSetupMachine';
import { useOptionalSystemActor } from '../../dialogs/useOptionalSystemActor';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';
import { SYSTEM_IDS } from '../../../machines/systemIds';

/** Shows the two-factor setup dialog while its actor runs (the account settings dialog starts it). */
export function TwoFactorSetupHost() {
  const actor = useOptionalSystemActor<ActorRefFrom<typeof twoFactorSetupMachine>>(SYSTEM_IDS.twoFactorSetup);
  return actor ? <TwoFactorSetupDialog actor={actor} /> : null;
}
