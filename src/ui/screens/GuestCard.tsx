import type { ReactNode } from 'react';
import { selectLoginLogo, selectTenantTitle } from '../../machines/app/app.selectors';
import { AppActor } from '../appActor';
import { useT } from '../i18n';
import { LanguageChoice } from './LanguageChoice';

/** The card of the signed-out screens (login, forgotten password, new password): the tenant's logo, the language. */
export function GuestCard({ heading, children }: { heading: string; children: ReactNode }) {
  const t = useT();
  const logo = AppActor.useSelector(selectLoginLogo);
  const tenant = AppActor.useSelector(selectTenantTitle);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="flex w-full max-w-sm flex-col gap-6 rounded-lg bg-surface-raised p-8 shadow-lg">
        {/* Login logos are drawn for a light ground (the tenant's name in its own colour): they keep one in the
            dark theme too, so the name reads on the card. */}
        {logo ? (
          <div className="mx-auto rounded-lg bg-white px-3 py-1">
            <img src={logo} alt={t('login.logoAlt', { tenant })} className="h-16" />
          </div>
        ) : null}
        <h1 className="text-center text-xl font-semibold">{heading}</h1>
        {children}
        <LanguageChoice />
      </div>
    </main>
  );
}

export const guestLinkClass = 'text-center text-sm text-primary underline-offset-2 hover:underline';

/** The form of a signed-out screen: the machine checks the fields (no browser validation), Enter submits. */
export function GuestForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
