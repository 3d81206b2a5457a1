import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useRoute } from 'wouter';
import { selectThemeMode, selectUsername } from '../../machines/app/app.selectors';
import { ROUTES } from '../../machines/app/routes';
import { AppActor } from '../appActor';
import { useDashboards } from '../dashboards/useDashboards';
import { useT } from '../i18n';

const ITEM = 'block w-full px-4 py-2 text-left data-focus:bg-primary/15';

/** Account menu of the head bar: dashboards entries first; settings, help and admin entries join with their issues. */
export function AccountMenu() {
  const t = useT();
  const app = AppActor.useActorRef();
  const mode = AppActor.useSelector(selectThemeMode);
  const username = AppActor.useSelector(selectUsername);
  const dashboards = useDashboards();
  // Downloading exports the open dashboard: offered only where one is open.
  const [onDashboard] = useRoute(ROUTES.dashboard);
  // Label and what choosing it sends, in menu order.
  const entries: [string, () => void][] = [
    [t('dashboards.create'), () => dashboards.send({ type: 'dashboards.create' })],
    ...(onDashboard
      ? [
          [t('dashboards.download'), () => dashboards.send({ type: 'dashboards.export' })] as [
            string,
            () => void,
          ],
        ]
      : []),
    [t('dashboards.upload'), () => dashboards.send({ type: 'dashboards.import' })],
    [t('dashboards.sortingSettings'), () => dashboards.send({ type: 'dashboards.sort' })],
    [t('dashboards.groups'), () => dashboards.send({ type: 'dashboards.group.create' })],
    [t('deviceConfiguration.open'), () => app.send({ type: 'deviceConfiguration.open' })],
    [
      t(mode === 'dark' ? 'account.switchToLight' : 'account.switchToDark'),
      () => app.send({ type: 'theme.toggle' }),
    ],
    [t('account.logout'), () => app.send({ type: 'session.logout' })],
  ];
  return (
    <Menu>
      <MenuButton
        aria-label={t('account.menu', { username })}
        className="flex items-center gap-2 rounded px-3 py-2 hover:bg-muted/15"
      >
        <span aria-hidden className="grid size-8 place-items-center rounded-full bg-primary text-on-primary">
          {username.slice(0, 1).toUpperCase()}
        </span>
        <span className="max-w-24 truncate sm:max-w-none">{username}</span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-20 min-w-56 rounded bg-surface-raised py-1 shadow-lg focus:outline-none"
      >
        {entries.map(([label, select]) => (
          <MenuItem key={label}>
            <button type="button" className={ITEM} onClick={select}>
              {label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
