import type { accountSettingsMachine } from '../../../src/machines/accountSettings/accountSettingsMachine';
import type { SettingsDraft } from '../../../src/machines/accountSettings/settingsDraft';
import { DEFAULT_ACCOUNT_SETTINGS, LANGUAGE_CHOICES, type AccountSettings } from '#contracts';
import type { ModelOptions } from '../paths/coveringPaths';
import { operatorGranted } from '../fixtures/fixtures';
import { modelEvents } from '../paths/modelEvents';

// The model of the account settings dialog's path tests (tests/paths/accountSettingsMachine.view-paths.test.tsx).

export type SettingsModelEvent = Parameters<typeof accountSettingsMachine.transition>[1];
const { done, failed } = modelEvents<typeof accountSettingsMachine>();

/** The operator with APPLY_ACL and RND at WRITE, so every field of the dialog shows (SPEC §6). */
export const session = operatorGranted('GRANT_DEVICES', 'GRANT_APPLY_ACL', 'GRANT_RND');
const ADDRESS = 'night@example.com';
/** Stored with the alarm e-mail export on, so every form shows its address list. */
export const STORED: AccountSettings = {
  ...DEFAULT_ACCOUNT_SETTINGS,
  email: 'op@example.com',
  enableAlarmEmailExport: true,
  alarmEmailExportAddresses: [ADDRESS],
};
const GOOD_EMAIL = 'op@example.com';
const BAD_EMAIL = 'not mail';
const SECOND_ADDRESS = 'day@example.com';
/** Buffer intervals the paths type: one in SPEC §5's range (1 to 86400 s), one out of it. */
const INTERVAL = { stored: String(STORED.minBufferInterval), good: '60', bad: '90000' };

/**
 * Saves that show what they send: the tree's device names and the language change at once, the cleared e-mail
 * goes as none and the buffer interval (sent only with APPLY_ACL) as typed. One keeps the stored export address;
 * the refused one is out of range and has lost its address too, so both of SPEC §5's messages show.
 */
function saveShows(draft: SettingsDraft) {
  const changed = !draft.showHexacodesAsDeviceNames && draft.languageCode === 'DE' && draft.email === '';
  const addresses = draft.alarmEmailExportAddresses;
  if (!changed) return false;
  if (draft.minBufferInterval === INTERVAL.good) return addresses.length === 1 && addresses[0] === ADDRESS;
  return draft.minBufferInterval === INTERVAL.bad && addresses.length === 0;
}

export const model: ModelOptions<typeof accountSettingsMachine> = {
  input: { session, settings: DEFAULT_ACCOUNT_SETTINGS },
  events: [
    done('loadSettings', STORED),
    failed('loadSettings'),
    done('loadLanguages', LANGUAGE_CHOICES),
    failed('loadLanguages'),
    { type: 'settings.retry' },
    { type: 'settings.cancel' },
    { type: 'settings.toggle', field: 'showHexacodesAsDeviceNames' },
    { type: 'settings.edit', field: 'email', value: BAD_EMAIL },
    { type: 'settings.edit', field: 'email', value: GOOD_EMAIL },
    { type: 'settings.edit', field: 'email', value: '' },
    { type: 'settings.edit', field: 'minBufferInterval', value: INTERVAL.good },
    { type: 'settings.edit', field: 'minBufferInterval', value: INTERVAL.bad },
    { type: 'settings.choose', field: 'languageCode', value: 'DE' },
    { type: 'settings.twoFactor', on: true },
    { type: 'settings.twoFactor', on: false },
    { type: 'settings.addAddress' },
    { type: 'settings.editAddress', index: 1, value: SECOND_ADDRESS },
    { type: 'settings.removeAddress', index: 0 },
    { type: 'settings.save' },
    done('twoFactorSetup', { enabled: true }),
    done('twoFactorSetup', { enabled: false }),
    failed('twoFactorSetup'),
    done('saveSettings', STORED),
    failed('saveSettings'),
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, draft: s.context.draft, errors: s.context.errors }),
  // What a user can do: each change once, in the direction that changes something; nothing but wait while loading
  // or saving; in the setup only what the setup answers.
  filterEvents: (s, e) => {
    const type: string = e.type;
    const { draft } = s.context;
    if (s.matches('loadingSettings') || s.matches('loadingLanguages'))
      return e.type === 'settings.cancel' || type.includes('.load');
    if (s.matches('saving')) return type.includes('saveSettings');
    if (s.matches('settingUpTwoFactor')) return type.includes('twoFactorSetup');
    if (type.startsWith('xstate.')) return false;
    switch (e.type) {
      case 'settings.toggle':
        return draft.showHexacodesAsDeviceNames;
      case 'settings.edit':
        // The buffer interval is typed once, in or out of range.
        return e.field === 'email' ? draft.email !== e.value : draft.minBufferInterval === INTERVAL.stored;
      case 'settings.choose':
        return draft.languageCode !== e.value;
      case 'settings.twoFactor':
        return draft.use2FA !== e.on;
      case 'settings.addAddress':
        // A second address beside the stored one, so that editing it shows it changes only that one.
        return draft.enableAlarmEmailExport && draft.alarmEmailExportAddresses.length === 1;
      case 'settings.editAddress':
        return draft.enableAlarmEmailExport && draft.alarmEmailExportAddresses[e.index] === '';
      case 'settings.removeAddress':
        return draft.enableAlarmEmailExport && draft.alarmEmailExportAddresses.length > 0;
      case 'settings.save':
        return saveShows(draft);
      default:
        return true;
    }
  },
};
