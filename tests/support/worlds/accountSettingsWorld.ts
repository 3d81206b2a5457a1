import type { AccountSettings } from '#contracts';

/** The fields the account settings path test changes, as the user left them. */
export interface WorldDraft {
  hexacodes: boolean;
  exportOn: boolean;
  email: string;
  language: string;
  use2FA: boolean;
  addresses: string[];
  /** The shortest buffer interval as typed (a field only APPLY_ACL at WRITE shows). */
  interval: string;
  /** Not changed by the paths: shown as stored. */
  fontSize: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SAYS = {
  emailInvalid: 'Email is invalid',
  emailRequired: 'Email is required',
  addressesRequired: 'Alarm export addresses are required',
  twoFactorNeedsEmail: 'Two-factor authentication needs an e-mail linked to the account',
  intervalRequired: 'Shortest buffer interval is required',
  intervalRange: 'Shortest buffer interval must be a whole number of seconds from 1 to 86400',
};
const INTERVAL_MAX_S = 86_400;

/** SPEC §5 on the draft, by field: what the dialog must say once a save was refused. */
export function expectedErrors(draft: WorldDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const email = draft.email.trim();
  if (email !== '' && !EMAIL.test(email)) errors.email = SAYS.emailInvalid;
  else if (draft.use2FA && email === '') errors.use2FA = SAYS.twoFactorNeedsEmail;
  const interval = draft.interval.trim();
  if (interval === '') errors.interval = SAYS.intervalRequired;
  else if (!/^\d{1,6}$/.test(interval) || Number(interval) < 1 || Number(interval) > INTERVAL_MAX_S)
    errors.interval = SAYS.intervalRange;
  if (draft.exportOn) {
    if (draft.addresses.length === 0) errors.addresses = SAYS.addressesRequired;
    draft.addresses.forEach((address, index) => {
      const text = address.trim();
      if (text === '') errors[`address${index}`] = SAYS.emailRequired;
      else if (!EMAIL.test(text)) errors[`address${index}`] = SAYS.emailInvalid;
    });
  }
  return errors;
}

const LANGUAGE_NAMES: Record<string, string> = { EN: 'English', DE: 'Deutsch' };

/** What the user did in the dialog and what the server holds, and what SPEC §3–§5 and §8 make of it. */
export function settingsWorld(stored: AccountSettings) {
  const draftOf = (settings: AccountSettings): WorldDraft => ({
    hexacodes: settings.showHexacodesAsDeviceNames,
    exportOn: settings.enableAlarmEmailExport,
    email: settings.email ?? '',
    language: settings.language.code,
    use2FA: settings.use2FA,
    addresses: [...settings.alarmEmailExportAddresses],
    interval: String(settings.minBufferInterval),
    fontSize: settings.fontSize,
  });
  const world = {
    stored,
    draft: draftOf(stored),
    /** A save was refused: the errors follow every edit from then on. */
    checked: false,
    /** Two-factor was turned on without an e-mail linked: the switch says why until the next edit. */
    twoFactorRefused: false,
    dialog: 'loading' as 'loading' | 'loadFailed' | 'open' | 'twoFactor' | 'saving' | 'saved' | 'cancelled',
    failure: '',
    cancels: 0,
    expectedPosts: [] as AccountSettings[],
    expectedToasts: [] as string[],
    failWith(text: string) {
      world.dialog = 'loadFailed';
      world.failure = text;
      world.expectedToasts.push(text);
    },
    /** The dialog read the settings and the languages: the form starts from what is stored. */
    open() {
      world.dialog = 'open';
      world.draft = draftOf(world.stored);
      world.checked = false;
      world.twoFactorRefused = false;
    },
    /** SPEC §7: the whole settings, the draft over what is stored. */
    body(): AccountSettings {
      const { draft } = world;
      const email = draft.email.trim();
      const addresses = draft.addresses.map((address) => address.trim());
      return {
        ...world.stored,
        showHexacodesAsDeviceNames: draft.hexacodes,
        email: email === '' ? null : email,
        language: { code: draft.language, label: LANGUAGE_NAMES[draft.language]! },
        use2FA: draft.use2FA,
        minBufferInterval: Number(draft.interval.trim()),
        enableAlarmEmailExport: draft.exportOn,
        alarmEmailExportAddresses: draft.exportOn ? addresses : addresses.filter((a) => EMAIL.test(a)),
      };
    },
    shownErrors(): Record<string, string> {
      const errors = world.checked ? expectedErrors(world.draft) : {};
      return world.twoFactorRefused ? { ...errors, use2FA: SAYS.twoFactorNeedsEmail } : errors;
    },
  };
  return world;
}
export type SettingsWorld = ReturnType<typeof settingsWorld>;
