import { RECOVERY_TOKEN_TTL_MINUTES } from '#contracts';
import type { PasswordTokenKind } from '../../db/schema';
import { translatorFor } from '../mail/messages';
import type { MailMessage } from '../mail/transport';
import type { TokenOwner } from './repository';

/** The SPA's screen each kind of link opens (SPEC §2). */
const SCREEN_OF: Record<PasswordTokenKind, string> = {
  recover: '/recover-password',
  setup: '/setup-password',
};

export const passwordLinkOf = (kind: PasswordTokenKind, baseUrl: string, token: string) =>
  `${baseUrl}${SCREEN_OF[kind]}?token=${token}`;

/** The e-mail that carries a recovery or setup link, in the user's language. */
export function passwordMail(
  kind: PasswordTokenKind,
  user: Pick<TokenOwner, 'username' | 'languageCode'>,
  to: string,
  link: string,
): MailMessage {
  const intl = translatorFor(user.languageCode);
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `accountMail.${kind}.${id}` }, values);
  const lines = [
    t('greeting', { username: user.username }),
    '',
    t('body', { minutes: RECOVERY_TOKEN_TTL_MINUTES }),
    '',
    t('link', { link }),
    '',
    '-- ',
    t('ignore'),
  ];
  return { to: [to], subject: t('subject'), text: `${lines.join('\n')}\n` };
}
