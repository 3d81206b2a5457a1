import * as v from 'valibot';
import { BUFFER_INTERVAL_MAX_S, PC_NUMBER_MAX, PC_NUMBER_MIN } from './history';
import { AccountSettings } from './settings';

/** SPEC §5's messages of the account settings dialog (the catalogue has them as accountSettings.* too). */
export const ACCOUNT_SETTINGS_MESSAGES = {
  languageRequired: 'Language is required',
  dateFormatRequired: 'Date format is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  pcNumberRequired: 'Default PC number is required',
  pcNumberRange: `PC number must be between ${PC_NUMBER_MIN} and ${PC_NUMBER_MAX}`,
  pcNumbersRequired: 'PC numbers are required',
  pcNumbersInvalid: `PC numbers are numbers from ${PC_NUMBER_MIN} to ${PC_NUMBER_MAX}, separated by commas`,
  intervalRequired: 'Shortest buffer interval is required',
  intervalRange: `Shortest buffer interval must be a whole number of seconds from 1 to ${BUFFER_INTERVAL_MAX_S}`,
  twoFactorNeedsEmail: 'Two-factor authentication needs an e-mail linked to the account',
  exportAddressesRequired: 'Alarm export addresses are required',
} as const;
const M = ACCOUNT_SETTINGS_MESSAGES;

/** "1, 7,2" → [1, 2, 7]: the PC numbers a user may choose, as the form types them. */
export const parsePcNumbers = (text: string): number[] =>
  [...new Set(text.split(',').map((part) => Number(part.trim())))].sort((a, b) => a - b);

const EMAIL = v.pipe(v.string(), v.email());
const isEmail = (text: string) => v.is(EMAIL, text);

/** SPEC §5: alarm e-mail export on needs at least one address (the dialog and the server both refuse it). */
export const exportHasAddresses = (s: {
  enableAlarmEmailExport: boolean;
  alarmEmailExportAddresses: unknown[];
}) => !s.enableAlarmEmailExport || s.alarmEmailExportAddresses.length > 0;
/** SPEC §5: two-factor authentication only with an e-mail linked to the account. */
export const twoFactorHasEmail = (s: { use2FA: boolean; email: string | null }) =>
  !s.use2FA || (s.email ?? '').trim() !== '';

/** The settings as the server stores them: the contract plus the SPEC §5 rule across fields it can check. */
export const CheckedAccountSettings = v.pipe(
  AccountSettings,
  v.forward(
    v.check((settings: AccountSettings) => exportHasAddresses(settings), M.exportAddressesRequired),
    ['alarmEmailExportAddresses'],
  ),
);

const exportAddress = v.pipe(v.string(), v.trim(), v.nonEmpty(M.emailRequired), v.email(M.emailInvalid));
/** The addresses are checked only while the export is on; off, they are kept as typed (the machine sends the valid). */
/** A whole number typed in a field: required, then digits only and within its bounds (else `range`). */
const wholeNumberText = (
  bounds: { digits: number; min: number; max: number },
  required: string,
  range: string,
) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(required),
    v.regex(new RegExp(`^\\d{1,${bounds.digits}}$`), range),
    v.transform(Number),
    v.minValue(bounds.min, range),
    v.maxValue(bounds.max, range),
  );

const AlarmExport = v.variant('enableAlarmEmailExport', [
  v.object({
    enableAlarmEmailExport: v.literal(true),
    alarmEmailExportAddresses: v.pipe(v.array(exportAddress), v.nonEmpty(M.exportAddressesRequired)),
  }),
  v.object({ enableAlarmEmailExport: v.literal(false), alarmEmailExportAddresses: v.array(v.string()) }),
]);

/**
 * The account settings dialog's form as typed (texts as the fields hold them), checked before anything is sent.
 * `defaultPcNumber` is null where the field is not shown (SPEC §6: APPLY_ACL at WRITE).
 */
export const AccountSettingsForm = v.pipe(
  v.intersect([
    v.object({
      languageCode: v.pipe(v.string(), v.nonEmpty(M.languageRequired)),
      dateFormat: v.pipe(v.string(), v.nonEmpty(M.dateFormatRequired)),
      email: v.pipe(
        v.string(),
        v.trim(),
        v.check((text) => text === '' || isEmail(text), M.emailInvalid),
      ),
      defaultPcNumber: v.nullable(
        wholeNumberText(
          { digits: 2, min: PC_NUMBER_MIN, max: PC_NUMBER_MAX },
          M.pcNumberRequired,
          M.pcNumberRange,
        ),
      ),
      /** PC numbers and the shortest buffer interval: limits only APPLY_ACL sets (null where not shown). */
      pcNumbers: v.nullable(
        v.pipe(
          v.string(),
          v.trim(),
          v.nonEmpty(M.pcNumbersRequired),
          v.regex(/^\d{1,2}(\s*,\s*\d{1,2})*$/, M.pcNumbersInvalid),
          v.transform(parsePcNumbers),
          v.check(
            (numbers) => numbers.every((n) => n >= PC_NUMBER_MIN && n <= PC_NUMBER_MAX),
            M.pcNumbersInvalid,
          ),
        ),
      ),
      minBufferInterval: v.nullable(
        wholeNumberText(
          { digits: 6, min: 1, max: BUFFER_INTERVAL_MAX_S },
          M.intervalRequired,
          M.intervalRange,
        ),
      ),
      use2FA: v.boolean(),
    }),
    AlarmExport,
  ]),
  v.forward(v.partialCheck([['use2FA'], ['email']], twoFactorHasEmail, M.twoFactorNeedsEmail), ['use2FA']),
);
export type AccountSettingsFormInput = v.InferInput<typeof AccountSettingsForm>;
