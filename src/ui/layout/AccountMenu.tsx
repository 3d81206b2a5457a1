import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useLocation, useRoute } from 'wouter';
import {
  selectIsAdministrator,
  selectOffersAccountDialog,
  selectSwitchedFrom,
  selectThemeMode,
  selectUsername,
} from '../../machines/app/app.selectors';
import { ROUTES } from '../../machines/app/routes';
import type { AccountDialogName } from '../../machines/accountDialogs/accountDialog.types';
import { AppActor } from '../appActor';
import { useDashboards } from '../dashboards/useDashboards';
import { useT } from '../i18n';

const ITEM = 'block w-full px-4 py-2 text-left data-focus:bg-primary/15';

type Entry = [label: string, select: () => void];

/** Whether the menu offers each account dialog: its workflow has arrived with the signed-in chunk. */
const OFFERS = {
  settings: selectOffersAccountDialog('settings'),
  theme: selectOffersAccountDialog('theme'),
  featureRequest: selectOffersAccountDialog('featureRequest'),
  bugReport: selectOffersAccountDialog('bugReport'),
  users: selectOffersAccountDialog('users'),
  switchAccount: selectOffersAccountDialog('switchAccount'),
  switchBack: selectOffersAccountDialog('switchBack'),
} satisfies Partial<Record<AccountDialogName, unknown>>;

/** Account menu of the head bar: dashboards, then the user's own dialogs, help and support, administration. */
export function AccountMenu() {
  const t = useT();
  const app = AppActor.useActorRef();
  const mode = AppActor.useSelector(selectThemeMode);
  const username = AppActor.useSelector(selectUsername);
  const dashboards = useDashboards();
  const administrator = AppActor.useSelector(selectIsAdministrator);
  // While acting as another account (SPEC §4) the menu says so and offers the way back instead of another switch.
  const switchedFrom = AppActor.useSelector(selectSwitchedFrom);
  const shownName = switchedFrom ? t('switchAccount.actingAs', { username, source: switchedFrom }) : username;
  // Downloading exports the open dashboard: offered only where one is open.
  const [onDashboard] = useRoute(ROUTES.dashboard);
  const [, navigate] = useLocation();
  const offered = {
    settings: AppActor.useSelector(OFFERS.settings),
    theme: AppActor.useSelector(OFFERS.theme),
    featureRequest: AppActor.useSelector(OFFERS.featureRequest),
    bugReport: AppActor.useSelector(OFFERS.bugReport),
    users: AppActor.useSelector(OFFERS.users) && administrator,
    switchAccount: AppActor.useSelector(OFFERS.switchAccount) && administrator && !switchedFrom,
    switchBack: AppActor.useSelector(OFFERS.switchBack) && switchedFrom !== '',
  };
  const dialog = (name: keyof typeof OFFERS, label: string): Entry[] =>
    offered[name] ? [[label, () => app.send({ type: 'accountDialog.open', dialog: name })]] : [];
  // Label and what choosing it sends, in menu order.
  const entries: Entry[] = [
    [t('dashboards.create'), () => dashboards.send({ type: 'dashboards.create' })],
    ...(onDashboard
      ? [[t('dashboards.download'), () => dashboards.send({ type: 'dashboards.export' })] as Entry]
      : []),
    [t('dashboards.upload'), () => dashboards.send({ type: 'dashboards.import' })],
    [t('dashboards.sortingSettings'), () => dashboards.send({ type: 'dashboards.sort' })],
    [t('dashboards.groups'), () => dashboards.send({ type: 'dashboards.group.create' })],
    ...dialog('settings', t('accountSettings.open')),
    [t('deviceConfiguration.open'), () => app.send({ type: 'deviceConfiguration.open' })],
    ...dialog('theme', t('themeSettings.open')),
    // Help: the user guide, then the two support dialogs (SPEC §2).
    [t('support.help'), () => navigate(ROUTES.help)],
    ...dialog('featureRequest', t('support.featureRequest')),
    ...dialog('bugReport', t('support.bugReport')),
    ...dialog('users', t('users.menu')),
    ...dialog('switchAccount', t('switchAccount.menu')),
    ...dialog('switchBack', t('switchAccount.backMenu')),
    [
      t(mode === 'dark' ? 'account.switchToLight' : 'account.switchToDark'),
      () => app.send({ type: 'theme.toggle' }),
    ],
    [t('account.logout'), () => app.send({ type: 'session.logout' })],
  ];
  return (
    <Menu>
      <MenuButton
        aria-label={t('account.menu', { username: shownName })}
        className="flex items-center gap-2 rounded px-3 py-2 hover:bg-muted/15"
      >
        <span
          aria-hidden
          className={`grid size-8 place-items-center rounded-full bg-primary text-on-primary ${switchedFrom ? 'ring-2 ring-warning ring-offset-2' : ''}`}
        >
          {username.slice(0, 1).toUpperCase()}
        </span>
        <span className={`max-w-24 truncate sm:max-w-none ${switchedFrom ? 'font-semibold' : ''}`}>
          {shownName}
        </span>
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
