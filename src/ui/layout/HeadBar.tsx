import { AlarmBell } from '../alarms/AlarmBell';
import { useT } from '../i18n';
import { MenuIcon } from '../icons/MenuIcon';
import { AccountMenu } from './AccountMenu';

interface HeadBarProps {
  crumbs: readonly string[];
  /** On a narrow screen: opens the navigation drawer (the menu button shows only then). */
  onOpenNavigation: (() => void) | null;
}

/**
 * Breadcrumb, the alarms bell and the account menu. On a narrow screen a menu button opens the navigation, and
 * the breadcrumb keeps its last part (where the user is), cut with an ellipsis rather than pushing the page wide.
 */
export function HeadBar({ crumbs, onOpenNavigation }: HeadBarProps) {
  const t = useT();
  const last = crumbs.length - 1;
  return (
    <header className="flex h-16 items-center gap-2 bg-surface-raised px-2 shadow sm:px-4">
      {onOpenNavigation ? (
        <button
          type="button"
          aria-label={t('layout.openNavigation')}
          onClick={onOpenNavigation}
          className="grid size-11 shrink-0 place-items-center rounded hover:bg-black/10"
        >
          <MenuIcon />
        </button>
      ) : null}
      <nav aria-label={t('layout.breadcrumb')} className="min-w-0 flex-1">
        <ol className="flex gap-2">
          {crumbs.map((crumb, index) => (
            <li
              key={`${index}-${crumb}`}
              aria-current={index === last ? 'page' : undefined}
              className={index === last ? 'min-w-0 truncate' : 'hidden shrink-0 md:block'}
            >
              {index > 0 ? (
                <span aria-hidden className="hidden md:inline">
                  /{' '}
                </span>
              ) : null}
              {crumb}
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex shrink-0 items-center gap-2">
        <AlarmBell />
        <AccountMenu />
      </div>
    </header>
  );
}
