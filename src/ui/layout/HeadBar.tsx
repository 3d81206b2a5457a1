import { AlarmBell } from '../alarms/AlarmBell';
import { useT } from '../i18n';
import { AccountMenu } from './AccountMenu';

/** Breadcrumb, the alarms bell and the account menu. */
export function HeadBar({ crumbs }: { crumbs: readonly string[] }) {
  const t = useT();
  return (
    <header className="flex h-16 items-center justify-between bg-surface-raised px-4 shadow">
      <nav aria-label={t('layout.breadcrumb')}>
        <ol className="flex gap-2">
          {crumbs.map((crumb, index) => (
            <li key={`${index}-${crumb}`} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
              {index > 0 ? <span aria-hidden>/ </span> : null}
              {crumb}
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex items-center gap-2">
        <AlarmBell />
        <AccountMenu />
      </div>
    </header>
  );
}
