import { fromPromise } from 'xstate';
import type { SwitchAccountApi } from '../../services/api/switchAccount';
import { switchBackMachine } from './switchBackMachine';

/** Switch back bound to POST /api/v2/account/switch-back. */
export const provideSwitchBack = (api: SwitchAccountApi) =>
  switchBackMachine.provide({ actors: { switchBack: fromPromise(() => api.switchBack()) } });
