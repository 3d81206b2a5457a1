import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { MouseEvent } from 'react';
import { dashboardPath } from '../../machines/dashboards/dashboards.setup';
import type { DashboardsEvent } from '../../machines/dashboards/dashboards.events';
import type { DashboardSummary } from '#contracts';
import { useT } from '../i18n';
import type { EntryPlace } from './useEntryDrag';
import type { DashboardsActor } from './useDashboards';

export const MENU_ITEM = 'block w-full px-4 py-2 text-left text-on-surface data-focus:bg-primary/15';
export const ICON_BUTTON = 'grid size-7 shrink-0 place-items-center rounded hover:bg-on-sidebar/15';

/** A plain left click selects through the machine (which navigates); modified clicks keep the browser's way. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** A ⋮ menu of labelled entries, each sending its event (a disabled one sends nothing). */
export function ActionsMenu({
  actor,
  label,
  entries,
}: {
  actor: DashboardsActor;
  label: string;
  entries: { label: string; event: DashboardsEvent; disabled?: boolean }[];
}) {
  return (
    <Menu>
      <MenuButton aria-label={label} className={ICON_BUTTON}>
        <span aria-hidden>⋮</span>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-30 min-w-44 rounded bg-surface-raised py-1 shadow-lg">
        {entries.map((entry) => (
          <MenuItem key={entry.label} disabled={entry.disabled}>
            <button
              type="button"
              className={`${MENU_ITEM} data-disabled:opacity-50`}
              onClick={() => actor.send(entry.event)}
            >
              {entry.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

/** The keyboard way of drag reordering: Move up / Move down, in CUSTOM mode only. */
export function useMoveEntries(canMove: boolean) {
  const t = useT();
  return (id: string, name: string, { index, count }: EntryPlace) =>
    canMove
      ? [
          {
            label: t('dashboards.moveUp', { name }),
            event: { type: 'dashboards.move', id, to: index - 1 } as const,
            disabled: index === 0,
          },
          {
            label: t('dashboards.moveDown', { name }),
            event: { type: 'dashboards.move', id, to: index + 1 } as const,
            disabled: index === count - 1,
          },
        ]
      : [];
}

export function DashboardRow({
  actor,
  dashboard,
  selected,
  place,
  canMove,
  drag,
}: {
  actor: DashboardsActor;
  dashboard: DashboardSummary;
  selected: boolean;
  place: EntryPlace;
  canMove: boolean;
  drag: object;
}) {
  const t = useT();
  const moves = useMoveEntries(canMove);
  const { id, name } = dashboard;
  return (
    <li
      {...drag}
      className={`flex items-center gap-1 rounded pr-1 ${selected ? 'bg-on-sidebar/15' : 'hover:bg-on-sidebar/10'}`}
    >
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
      <ActionsMenu
        actor={actor}
        label={t('dashboards.actions', { name })}
        entries={[
          { label: t('dashboards.rename'), event: { type: 'dashboards.rename', id } },
          {
            label: t('dashboards.setFavorite'),
            event: { type: 'dashboards.favorite', id },
            disabled: dashboard.favorite,
          },
          { label: t('dashboards.delete'), event: { type: 'dashboards.delete', id } },
          ...moves(id, name, place),
        ]}
      />
    </li>
  );
}
