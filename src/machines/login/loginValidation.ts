import * as v from 'valibot';
import { LoginRequest, SecurityCode } from '#contracts';
import type { MessageId } from '../../i18n/messages';

// The contract schemas are the rules (trimmed, required, 6 digits); this maps their verdict onto the
// catalogue entries the screen shows, so the server and the form can never disagree.
export const usernameError = (value: string): MessageId | null =>
  v.safeParse(LoginRequest.entries.username, value).success ? null : 'login.usernameRequired';

export const passwordError = (value: string): MessageId | null =>
  v.safeParse(LoginRequest.entries.password, value).success ? null : 'login.passwordRequired';

export function codeError(value: string): MessageId | null {
  if (v.safeParse(SecurityCode, value).success) return null;
  return value.trim() === '' ? 'login.codeRequired' : 'login.codeLength';
}
