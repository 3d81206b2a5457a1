import { useT } from '../i18n';
import { AccountMenu } from './AccountMenu';

/** Breadcrumb and account menu; the alarms bell joins with the alarms issue. */
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
      <AccountMenu />
    </header>
  );
}
