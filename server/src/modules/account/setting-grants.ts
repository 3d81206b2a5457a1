import {
  hasGrant,
  type AccountSettings,
  type AccountSettingsUpdate,
  type Authority,
  type GrantArea,
} from '#contracts';
import { AppError } from '../../errors';

/**
 * Settings that SPEC §6 puts behind a grant at WRITE: RND shows real-time communication and factory-settings lines;
 * APPLY_ACL governs PC numbers. Which PC numbers a user has and the shortest buffer interval they may record are
 * limits an administrator sets, so they are APPLY_ACL's too.
 */
const GATED: ReadonlyArray<readonly [keyof AccountSettings, GrantArea]> = [
  ['enableRealTimeCommunication', 'RND'],
  ['enableFactorySettingsLines', 'RND'],
  ['pcNumbers', 'APPLY_ACL'],
  ['minBufferInterval', 'APPLY_ACL'],
];

const notAllowed = (field: string, message: string) =>
  new AppError(403, 'SETTING_NOT_ALLOWED', `${field}: ${message}`);

const changes = (current: AccountSettings, update: AccountSettingsUpdate, field: keyof AccountSettings) =>
  field in update && JSON.stringify(update[field]) !== JSON.stringify(current[field]);

/**
 * Refuses the first change `update` makes that the authorities do not allow. Values sent back unchanged are not
 * changes: the settings dialog posts every field.
 */
export function checkSettingGrants(
  authorities: readonly Authority[],
  current: AccountSettings,
  update: AccountSettingsUpdate,
): void {
  for (const [field, area] of GATED) {
    if (changes(current, update, field) && !hasGrant(authorities, area, 'WRITE')) {
      throw notAllowed(field, `Changing this setting needs the ${area} grant at WRITE`);
    }
  }
  // With APPLY_ACL at WRITE any PC number from 1 to 99 (the contract's range); without it, one of the user's own.
  const pcNumber = update.defaultPcNumber;
  if (
    pcNumber !== undefined &&
    changes(current, update, 'defaultPcNumber') &&
    !hasGrant(authorities, 'APPLY_ACL', 'WRITE') &&
    !(update.pcNumbers ?? current.pcNumbers).includes(pcNumber)
  ) {
    throw notAllowed('defaultPcNumber', `PC number ${pcNumber} is not one of yours`);
  }
}
