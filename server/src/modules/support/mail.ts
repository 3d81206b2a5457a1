import type { SupportKind } from '#contracts';
import { translatorFor } from '../mail/messages';
import type { MailMessage } from '../mail/transport';

/** What both e-mails of a request say. */
export interface SupportMailFacts {
  id: string;
  kind: SupportKind;
  tenant: string;
  username: string;
  title: string;
  description: string;
  email: string | null;
}

const translate = (languageCode: string) => {
  const intl = translatorFor(languageCode);
  return (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `supportMail.${id}` }, values);
};

/** The request as both e-mails show it: its title, then the description as the user wrote it. */
const requestLines = (t: ReturnType<typeof translate>, facts: SupportMailFacts) => [
  t('title', { title: facts.title }),
  '',
  t('description'),
  facts.description,
];

/**
 * To the tenant's support address, in English: who sent what, and where to answer. It comes from `from`, the
 * product's no-reply sender; an answer goes to the person who wrote (Reply-To), when they gave an address.
 */
export function supportMail(facts: SupportMailFacts, to: string, from: string): MailMessage {
  const t = translate('en');
  const kind = t(`${facts.kind}.name`);
  const lines = [
    t('support.from', { kind, username: facts.username, tenant: facts.tenant, id: facts.id }),
    facts.email ? t('support.replyTo', { email: facts.email }) : t('support.noReply'),
    '',
    ...requestLines(t, facts),
  ];
  return {
    to: [to],
    from,
    ...(facts.email ? { replyTo: facts.email } : {}),
    subject: t('support.subject', { tenant: facts.tenant, kind, title: facts.title }),
    text: `${lines.join('\n')}\n`,
  };
}

/** The sender's copy, in their language, from the support address it went to: an answer reaches support. */
export function copyMail(
  facts: SupportMailFacts,
  to: string,
  languageCode: string,
  support: string,
): MailMessage {
  const t = translate(languageCode);
  const kind = t(`${facts.kind}.name`);
  const lines = [
    t('copy.greeting', { username: facts.username }),
    '',
    t('copy.body', { id: facts.id }),
    '',
    ...requestLines(t, facts),
  ];
  return {
    to: [to],
    from: `Coldwatch support <${support}>`,
    subject: t('copy.subject', { kind, title: facts.title }),
    text: `${lines.join('\n')}\n`,
  };
}
