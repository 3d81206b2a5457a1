import { PC_NUMBER_MAX, PC_NUMBER_MIN, hasGrant, type AccountSettings, type Authority } from '#contracts';
import { AppError } from '../../errors';

/**
 * SPEC §6: with APPLY_ACL at WRITE any PC number from 1 to 99; otherwise only the user's own `pcNumbers`.
 * Null means any.
 */
export function allowedPcNumbers(
  authorities: readonly Authority[],
  settings: AccountSettings,
): number[] | null {
  return hasGrant(authorities, 'APPLY_ACL', 'WRITE') ? null : settings.pcNumbers;
}

export const mayUsePcNumber = (allowed: readonly number[] | null, pcNumber: number) =>
  pcNumber >= PC_NUMBER_MIN && pcNumber <= PC_NUMBER_MAX && (allowed === null || allowed.includes(pcNumber));

/** The interval a new buffer gets when the element names none: five minutes, or the user's minimum if longer. */
export const defaultInterval = (settings: AccountSettings) => Math.max(300, settings.minBufferInterval);

export const buffersNotAllowed = (field: string) =>
  new AppError(
    403,
    'BUFFERS_NOT_ALLOWED',
    `${field}: Creating or changing buffers needs the BUFFERS grant at WRITE`,
  );

export const intervalTooShort = (field: string, minimum: number) =>
  new AppError(
    400,
    'BUFFER_INTERVAL_TOO_SHORT',
    `${field}: The interval must be at least ${minimum} seconds (your shortest buffer interval)`,
  );

export const lineNotRecordable = (field: string, reason: string) =>
  new AppError(400, 'BUFFER_LINE_UNKNOWN', `${field}: This line cannot be recorded (${reason})`);
