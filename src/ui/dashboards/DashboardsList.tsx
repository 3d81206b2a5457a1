import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import { dashboardPath } from '../../machines/dashboards/dashboards.setup';
import {
  selectEntries,
  selectIsLoading,
  selectLoadFailed,
  selectSelectedId,
} from '../../machines/dashboards/dashboards.selectors';
import type { DashboardSummary } from '../../services/contracts';
import { useT } from '../i18n';
import type { DashboardsActor } from './useDashboards';

const MENU_ITEM = 'block w-full px-4 py-2 text-left text-on-surface data-focus:bg-primary/15';
const ICON_BUTTON = 'grid size-7 shrink-0 place-items-center rounded hover:bg-white/15';

/** A plain left click selects through the machine (which navigates); modified clicks keep the browser's way. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** SPEC §2: the dashboards of the sidebar, grouped, above the devices. */
export function DashboardsList({ actor }: { actor: DashboardsActor }) {
  const t = useT();
  const entries = useSelector(actor, selectEntries);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const selectedId = useSelector(actor, selectSelectedId);
  const row = (dashboard: DashboardSummary) => (
    <DashboardRow
      key={dashboard.id}
      actor={actor}
      dashboard={dashboard}
      selected={dashboard.id === selectedId}
    />
  );
  return (
    <section aria-labelledby="sidebar-dashboards" className="shrink-0 border-b border-white/10 px-2 py-2">
      <div className="flex items-center justify-between px-2">
        <h2 id="sidebar-dashboards" className="text-xs font-semibold tracking-wide text-white/70 uppercase">
          {t('dashboards.list')}
        </h2>
        <button
          type="button"
          aria-label={t('dashboards.create')}
          title={t('dashboards.create')}
          className={ICON_BUTTON}
          onClick={() => actor.send({ type: 'dashboards.create' })}
        >
          <span aria-hidden>+</span>
        </button>
      </div>
      {loading ? (
        <p role="status" className="px-2 py-1 text-sm text-white/60 italic">
          {t('dashboards.loading')}
        </p>
      ) : failed ? (
        <p className="flex items-center gap-2 px-2 py-1 text-sm text-white/70">
          {t('dashboards.loadFailed')}
          <button
            type="button"
            className="underline"
            onClick={() => actor.send({ type: 'dashboards.reload' })}
          >
            {t('dashboards.retry')}
          </button>
        </p>
      ) : entries.length === 0 ? (
        <p className="px-2 py-1 text-sm text-white/60 italic">{t('dashboards.empty')}</p>
      ) : (
        <ul aria-labelledby="sidebar-dashboards" className="max-h-72 overflow-y-auto">
          {entries.map((entry) =>
            entry.kind === 'dashboard' ? (
              row(entry.dashboard)
            ) : (
              <li key={entry.group.id}>
                <div className="flex items-center gap-1 pr-1">
                  <button
                    type="button"
                    aria-expanded={entry.group.expanded}
                    aria-label={t(
                      entry.group.expanded ? 'dashboards.collapseGroup' : 'dashboards.expandGroup',
                      {
                        name: entry.group.name,
                      },
                    )}
                    className="flex min-w-0 flex-1 items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-white/10"
                    onClick={() => actor.send({ type: 'dashboards.group.toggle', id: entry.group.id })}
                  >
                    <span
                      aria-hidden
                      className={entry.group.expanded ? 'rotate-90 transition' : 'transition'}
                    >
                      ›
                    </span>
                    <span className="truncate font-medium">{entry.group.name}</span>
                  </button>
                  <Menu>
                    <MenuButton
                      aria-label={t('dashboards.groupActions', { name: entry.group.name })}
                      className={ICON_BUTTON}
                    >
                      <span aria-hidden>⋮</span>
                    </MenuButton>
                    <MenuItems
                      anchor="bottom end"
                      className="z-30 min-w-44 rounded bg-surface-raised py-1 shadow-lg"
                    >
                      <MenuItem>
                        <button
                          type="button"
                          className={MENU_ITEM}
                          onClick={() => actor.send({ type: 'dashboards.group.edit', id: entry.group.id })}
                        >
                          {t('dashboards.editGroup')}
                        </button>
                      </MenuItem>
                      <MenuItem>
                        <button
                          type="button"
                          className={MENU_ITEM}
                          onClick={() => actor.send({ type: 'dashboards.group.delete', id: entry.group.id })}
                        >
                          {t('dashboards.deleteGroup')}
                        </button>
                      </MenuItem>
                    </MenuItems>
                  </Menu>
                </div>
                {entry.group.expanded ? <ul className="pl-4">{entry.dashboards.map(row)}</ul> : null}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

function DashboardRow({
  actor,
  dashboard,
  selected,
}: {
  actor: DashboardsActor;
  dashboard: DashboardSummary;
  selected: boolean;
}) {
  const t = useT();
  const { id, name } = dashboard;
  return (
    <li className={`flex items-center gap-1 rounded pr-1 ${selected ? 'bg-white/15' : 'hover:bg-white/10'}`}>
      <a
        href={dashboardPath(id)}
        aria-current={selected ? 'page' : undefined}
        className="min-w-0 flex-1 truncate px-2 py-1.5 text-sm underline-offset-2 hover:underline"
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          actor.send({ type: 'dashboards.select', id });
        }}
      >
        {name}
      </a>
      {dashboard.favorite ? (
        <span role="img" aria-label={t('dashboards.favoriteMarker')} className="text-warning">
          ★
        </span>
      ) : null}
      <Menu>
        <MenuButton aria-label={t('dashboards.actions', { name })} className={ICON_BUTTON}>
          <span aria-hidden>⋮</span>
        </MenuButton>
        <MenuItems anchor="bottom end" className="z-30 min-w-44 rounded bg-surface-raised py-1 shadow-lg">
          <MenuItem>
            <button
              type="button"
              className={MENU_ITEM}
              onClick={() => actor.send({ type: 'dashboards.rename', id })}
            >
              {t('dashboards.rename')}
            </button>
          </MenuItem>
          <MenuItem disabled={dashboard.favorite}>
            <button
              type="button"
              className={`${MENU_ITEM} data-disabled:opacity-50`}
              onClick={() => actor.send({ type: 'dashboards.favorite', id })}
            >
              {t('dashboards.setFavorite')}
            </button>
          </MenuItem>
          <MenuItem>
            <button
              type="button"
              className={MENU_ITEM}
              onClick={() => actor.send({ type: 'dashboards.delete', id })}
            >
              {t('dashboards.delete')}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
    </li>
  );
}
