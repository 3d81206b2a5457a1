import {
  Menu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
} from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useLocation, useRoute } from 'wouter';
import {
  selectIsAdministrator,
  selectOffersAccountDialog,
  selectSwitchedFrom,
  selectThemeMode,
  selectUsername,
} from '../../machines/app/app.selectors';
import { selectTakesMenuActions } from '../../machines/dashboards/dashboards.selectors';
import type { DashboardsEvent } from '../../machines/dashboards/dashboards.events';
import { ROUTES } from '../../machines/app/routes';
import type { AccountDialogName } from '../../machines/accountDialogs/accountDialog.types';
import { AppActor } from '../appActor';
import { useDashboards } from '../dashboards/useDashboards';
import type { MessageId } from '../../i18n/messages';
import { useT } from '../i18n';

const ITEM = 'block w-full px-4 py-2 text-left data-focus:bg-primary/15';
const HEADING = 'px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase';

/** A menu entry: its label, what choosing it does, and whether it can be chosen now (default: yes). */
type Entry = [label: string, select: () => void, enabled?: boolean];
type Section = [heading: MessageId, entries: Entry[]];
type DashboardsMenuEvent = Extract<
  DashboardsEvent,
  {
    type:
      | 'dashboards.create'
      | 'dashboards.export'
      | 'dashboards.import'
      | 'dashboards.sort'
      | 'dashboards.group.create';
  }
>;

/** Whether the menu offers each account dialog: its workflow has arrived with the signed-in chunk. */
const OFFERS = {
  settings: selectOffersAccountDialog('settings'),
  theme: selectOffersAccountDialog('theme'),
  featureRequest: selectOffersAccountDialog('featureRequest'),
  bugReport: selectOffersAccountDialog('bugReport'),
  users: selectOffersAccountDialog('users'),
  alarmHealth: selectOffersAccountDialog('alarmHealth'),
  auditTrail: selectOffersAccountDialog('auditTrail'),
  escalationPolicy: selectOffersAccountDialog('escalationPolicy'),
  switchAccount: selectOffersAccountDialog('switchAccount'),
  switchBack: selectOffersAccountDialog('switchBack'),
} satisfies Partial<Record<AccountDialogName, unknown>>;

/**
 * Account menu of the head bar (SPEC §2), in sections with headings: dashboards, the user's own settings, help
 * and support, administration (for those who administer); logging out apart at the end.
 */
export function AccountMenu() {
  const t = useT();
  const app = AppActor.useActorRef();
  const mode = AppActor.useSelector(selectThemeMode);
  const username = AppActor.useSelector(selectUsername);
  const dashboards = useDashboards();
  const dashboardsReady = useSelector(dashboards, selectTakesMenuActions);
  const toDashboards = (label: string, event: DashboardsMenuEvent): Entry => [
    label,
    () => dashboards.send(event),
    dashboardsReady,
  ];
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
    alarmHealth: AppActor.useSelector(OFFERS.alarmHealth) && administrator,
    auditTrail: AppActor.useSelector(OFFERS.auditTrail) && administrator,
    escalationPolicy: AppActor.useSelector(OFFERS.escalationPolicy) && administrator,
    switchAccount: AppActor.useSelector(OFFERS.switchAccount) && administrator && !switchedFrom,
    switchBack: AppActor.useSelector(OFFERS.switchBack) && switchedFrom !== '',
  };
  const dialog = (name: keyof typeof OFFERS, label: string): Entry[] =>
    offered[name] ? [[label, () => app.send({ type: 'accountDialog.open', dialog: name })]] : [];
  // Each section's entries: label and what choosing it sends, in menu order; an empty section is left out.
  const sections: Section[] = [
    [
      'account.section.dashboards',
      [
        [t('stores.menu'), () => navigate(ROUTES.stores)],
        [t('reports.menu'), () => navigate(ROUTES.reports)],
        toDashboards(t('dashboards.create'), { type: 'dashboards.create' }),
        ...(onDashboard ? [toDashboards(t('dashboards.download'), { type: 'dashboards.export' })] : []),
        toDashboards(t('dashboards.upload'), { type: 'dashboards.import' }),
        toDashboards(t('dashboards.sortingSettings'), { type: 'dashboards.sort' }),
        toDashboards(t('dashboards.groups'), { type: 'dashboards.group.create' }),
      ],
    ],
    [
      'account.section.settings',
      [
        ...dialog('settings', t('accountSettings.open')),
        [t('deviceConfiguration.open'), () => app.send({ type: 'deviceConfiguration.open' })],
        ...dialog('theme', t('themeSettings.open')),
        [
          t(mode === 'dark' ? 'account.switchToLight' : 'account.switchToDark'),
          () => app.send({ type: 'theme.toggle' }),
        ],
      ],
    ],
    // Help: the user guide, then the two support dialogs (SPEC §2).
    [
      'account.section.help',
      [
        [t('support.help'), () => navigate(ROUTES.help)],
        ...dialog('featureRequest', t('support.featureRequest')),
        ...dialog('bugReport', t('support.bugReport')),
      ],
    ],
    [
      'account.section.administration',
      [
        ...dialog('users', t('users.menu')),
        ...dialog('alarmHealth', t('alarmHealth.menu')),
        ...dialog('escalationPolicy', t('escalation.menu')),
        ...dialog('auditTrail', t('audit.menu')),
        ...dialog('switchAccount', t('switchAccount.menu')),
        ...dialog('switchBack', t('switchAccount.backMenu')),
      ],
    ],
  ];
  const item = ([label, select, enabled = true]: Entry) => (
    <MenuItem key={label} disabled={!enabled}>
      <button type="button" className={`${ITEM} data-disabled:opacity-50`} onClick={select}>
        {label}
      </button>
    </MenuItem>
  );
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
        {sections
          .filter(([, entries]) => entries.length > 0)
          .map(([heading, entries]) => (
            <MenuSection key={heading} className="border-b border-line pb-1 last:border-b-0">
              <MenuHeading className={HEADING}>{t(heading)}</MenuHeading>
              {entries.map(item)}
            </MenuSection>
          ))}
        <MenuSeparator className="my-1 h-px bg-line" />
        {item([t('account.logout'), () => app.send({ type: 'session.logout' })])}
      </MenuItems>
    </Menu>
  );
}
