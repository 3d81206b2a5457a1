import { useSelector } from '@xstate/react';
import {
  selectCanMove,
  selectEntries,
  selectIsLoading,
  selectLoadFailed,
  selectSelectedId,
  type DashboardEntry,
} from '../../machines/dashboards/dashboards.selectors';
import type { DashboardSummary } from '#contracts';
import { useT } from '../i18n';
import { ActionsMenu, DashboardRow, ICON_BUTTON, useMoveEntries } from './DashboardsListRows';
import { useEntryDrag, type EntryPlace } from './useEntryDrag';
import type { DashboardsActor } from './useDashboards';

const TOP = 'top';

/** SPEC §2: the dashboards of the sidebar, grouped, above the devices; SPEC §4: dragged to a new place. */
export function DashboardsList({ actor }: { actor: DashboardsActor }) {
  const t = useT();
  const entries = useSelector(actor, selectEntries);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  return (
    <section
      aria-labelledby="sidebar-dashboards"
      className="shrink-0 border-b border-on-sidebar/10 px-2 py-2"
    >
      <div className="flex items-center justify-between px-2">
        <h2
          id="sidebar-dashboards"
          className="text-xs font-semibold tracking-wide text-on-sidebar/70 uppercase"
        >
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
        <p role="status" className="px-2 py-1 text-sm text-on-sidebar/60 italic">
          {t('dashboards.loading')}
        </p>
      ) : failed ? (
        <p className="flex items-center gap-2 px-2 py-1 text-sm text-on-sidebar/70">
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
        <p className="px-2 py-1 text-sm text-on-sidebar/60 italic">{t('dashboards.empty')}</p>
      ) : (
        <Entries actor={actor} entries={entries} />
      )}
    </section>
  );
}

function Entries({ actor, entries }: { actor: DashboardsActor; entries: DashboardEntry[] }) {
  const t = useT();
  const selectedId = useSelector(actor, selectSelectedId);
  const canMove = useSelector(actor, selectCanMove);
  const drag = useEntryDrag(actor, canMove);
  const moves = useMoveEntries(canMove);
  const row = (dashboard: DashboardSummary, place: EntryPlace) => (
    <DashboardRow
      key={dashboard.id}
      actor={actor}
      dashboard={dashboard}
      selected={dashboard.id === selectedId}
      place={place}
      canMove={canMove}
      drag={drag(dashboard.id, place)}
    />
  );
  const count = entries.length;
  return (
    <ul aria-labelledby="sidebar-dashboards" className="max-h-72 overflow-y-auto">
      {entries.map((entry, index) => {
        const place = { siblings: TOP, index, count };
        if (entry.kind === 'dashboard') return row(entry.dashboard, place);
        const { group, dashboards } = entry;
        return (
          <li key={group.id} {...drag(group.id, place)}>
            <div className="flex items-center gap-1 pr-1">
              <button
                type="button"
                aria-expanded={group.expanded}
                aria-label={t(group.expanded ? 'dashboards.collapseGroup' : 'dashboards.expandGroup', {
                  name: group.name,
                })}
                className="flex min-w-0 flex-1 items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-on-sidebar/10"
                onClick={() => actor.send({ type: 'dashboards.group.toggle', id: group.id })}
              >
                <span aria-hidden className={group.expanded ? 'rotate-90 transition' : 'transition'}>
                  ›
                </span>
                <span className="truncate font-medium">{group.name}</span>
              </button>
              <ActionsMenu
                actor={actor}
                label={t('dashboards.groupActions', { name: group.name })}
                entries={[
                  {
                    label: t('dashboards.editGroup'),
                    event: { type: 'dashboards.group.edit', id: group.id },
                  },
                  {
                    label: t('dashboards.deleteGroup'),
                    event: { type: 'dashboards.group.delete', id: group.id },
                  },
                  ...moves(group.id, group.name, place),
                ]}
              />
            </div>
            {group.expanded ? (
              <ul className="pl-4">
                {dashboards.map((dashboard, i) =>
                  row(dashboard, { siblings: group.id, index: i, count: dashboards.length }),
                )}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
