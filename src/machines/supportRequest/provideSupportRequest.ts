import { fromPromise } from 'xstate';
import type { SupportApi } from '../../services/api/support';
import type { SupportKind } from '#contracts';
import { supportRequestMachine, type SendSupportRequest } from './supportRequestMachine';

/** The support dialog bound to the call of its kind: a bug report or a feature request. */
export const provideSupportRequest = (api: SupportApi, kind: SupportKind) =>
  supportRequestMachine.provide({
    actors: {
      sendRequest: fromPromise(({ input }: { input: SendSupportRequest }) =>
        api.sendSupportRequest(kind, input.request, input.sendMeACopy),
      ),
    },
  });
