import { hasGrant } from '#contracts';
import type { AccountService } from '../account/service';
import type { AuthSession } from '../auth/service';
import type { DevicesRepository } from './repository';
import type { DeviceListRow } from './rows';

/** What the device endpoints check before they ask the gateway. */
export interface AccessChecks {
  /** Is `hexacode` a device of this tenant? Unknown and foreign devices look the same: DEVICE_NOT_FOUND. */
  known(session: AuthSession, hexacode: string): Promise<DeviceListRow | undefined>;
  /** Which of these (upper-case) hexacodes are devices of this tenant. */
  knownAmong(session: AuthSession, hexacodes: readonly string[]): Promise<Set<string>>;
  /** Factory-settings lines: only with the user's setting on and RND WRITE. */
  factorySettingsAllowed(session: AuthSession): Promise<boolean>;
}

export function createAccessChecks(deps: {
  repository: DevicesRepository;
  account: AccountService;
}): AccessChecks {
  return {
    known: async (session, hexacode) => deps.repository.device(session.tenant.id, hexacode),
    knownAmong: async (session, hexacodes) => deps.repository.hexacodesAmong(session.tenant.id, hexacodes),
    async factorySettingsAllowed(session) {
      if (!hasGrant(session.authorities, 'RND', 'WRITE')) return false;
      return (await deps.account.get(session.tenant.id, session.user.id)).enableFactorySettingsLines;
    },
  };
}

/** Hexacodes are stored and addressed in upper case, whatever the request sent. */
export const hex = (value: string) => value.toUpperCase();
