import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, NewPasswordEntry } from '#contracts';
import type { PasswordResetField } from '../../services/api/passwordRecovery';
import type { Message } from '../message';

export type PasswordFieldErrors = Record<PasswordResetField, Message | null>;

export const noPasswordErrors: PasswordFieldErrors = { password: null, confirmation: null };

/** A contract issue as the catalogue entry the form shows (SPEC §5: required, min, the password rule). */
function messageOf(issue: v.BaseIssue<unknown>): Message {
  switch (issue.type) {
    case 'partial_check':
      return { id: 'password.confirmationMismatch' };
    case 'min_length':
      return { id: 'password.passwordTooShort', values: { n: String(PASSWORD_MIN_LENGTH - 1) } };
    case 'max_length':
      return { id: 'password.passwordTooLong', values: { n: String(PASSWORD_MAX_LENGTH) } };
    case 'regex':
      return { id: 'password.passwordWeak' };
    default:
      return { id: 'password.passwordRequired' };
  }
}

/**
 * The errors of the new-password form, the first one a field: its password rule is the POST body's, so what the
 * form lets through the server accepts.
 */
export function passwordResetErrors(password: string, confirmation: string): PasswordFieldErrors {
  const errors: PasswordFieldErrors = { ...noPasswordErrors };
  const result = v.safeParse(NewPasswordEntry, { password, confirmation });
  for (const issue of result.issues ?? []) {
    const field = v.getDotPath(issue) as PasswordResetField;
    errors[field] ??= messageOf(issue);
  }
  // An empty confirmation asks to be filled in rather than calling it a mismatch.
  if (confirmation === '') errors.confirmation = { id: 'password.confirmationRequired' };
  return errors;
}

export const hasErrors = (errors: PasswordFieldErrors) => Object.values(errors).some(Boolean);
