import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import {
  selectIsFirstLoading,
  selectLoadFailed,
  selectRevealId,
  selectVisibleRows,
} from '../../machines/deviceTree/deviceTree.selectors';
import type { deviceTreeMachine } from '../../machines/deviceTree/deviceTreeMachine';
import type { TreeRow } from '../../machines/deviceTree/treeRows';
import { useIntl, useT } from '../i18n';
import { formatAge } from '../live/age';
import { useLivePause, useNow } from '../live/liveness';
import { Button } from '../primitives/Button';
import { TreeRowView } from './TreeRowView';
import { scrollRowIntoView, useVirtualWindow } from './useVirtualWindow';

type TreeActor = ActorRefFrom<typeof deviceTreeMachine>;

/** Index of the parent of row `index` (the nearest row above it one level up), or -1. */
const parentIndex = (rows: readonly TreeRow[], index: number) => {
  const level = rows[index]!.level;
  for (let i = index - 1; i >= 0; i--) if (rows[i]!.level < level) return i;
  return -1;
};

/** The devices as a virtualised ARIA tree (SPEC §2, §9): arrows move, right opens, left closes, Enter acts. */
export function DeviceTreeView({ tree }: { tree: TreeActor }) {
  const t = useT();
  const [, navigate] = useLocation();
  const rows = useSelector(tree, selectVisibleRows);
  const firstLoading = useSelector(tree, selectIsFirstLoading);
  const failed = useSelector(tree, selectLoadFailed);
  const revealId = useSelector(tree, selectRevealId);
  const pause = useLivePause(tree);
  const viewport = useRef<HTMLDivElement>(null);
  const { first, last, totalHeight } = useVirtualWindow(viewport, rows.length);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const pendingFocus = useRef(false);
  const focusedIndex = Math.max(
    0,
    rows.findIndex((row) => row.id === focusedId),
  );

  // Auto-scroll to the page of the current route once the tree opened the way to it (once: the user may
  // scroll elsewhere while statuses change the rows).
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    const index = revealId ? rows.findIndex((row) => row.id === revealId) : -1;
    if (index < 0 || revealed.current === revealId) return;
    revealed.current = revealId;
    scrollRowIntoView(viewport.current, index);
  }, [revealId, rows]);

  // Keyboard moves render the target row first, then focus it.
  useEffect(() => {
    if (!pendingFocus.current || !focusedId) return;
    document.getElementById(`tree-row-${focusedId}`)?.focus();
    pendingFocus.current = false;
  }, [focusedId, first, last]);

  const toggle = (row: TreeRow) => {
    if (row.kind === 'group' || row.kind === 'device' || row.kind === 'department')
      tree.send({ type: 'tree.expand', kind: row.kind, id: row.id });
  };
  const focusIndex = (index: number) => {
    const target = rows[Math.min(rows.length - 1, Math.max(0, index))];
    if (!target) return;
    pendingFocus.current = true;
    setFocusedId(target.id);
    scrollRowIntoView(viewport.current, rows.indexOf(target));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, row: TreeRow) => {
    const index = rows.indexOf(row);
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusIndex(index + 1),
      ArrowUp: () => focusIndex(index - 1),
      Home: () => focusIndex(0),
      End: () => focusIndex(rows.length - 1),
      ArrowRight: () =>
        row.expandable && !row.expanded ? toggle(row) : row.expanded && focusIndex(index + 1),
      ArrowLeft: () => (row.expanded ? toggle(row) : focusIndex(parentIndex(rows, index))),
      Enter: () => (row.href ? navigate(row.href) : toggle(row)),
      ' ': () => (row.href ? navigate(row.href) : toggle(row)),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  if (firstLoading) return <p className="px-4 py-2 text-sm text-on-sidebar/70">{t('tree.loading')}</p>;
  if (failed && rows.length === 0) {
    return (
      <div className="flex flex-col items-start gap-2 px-4 py-2 text-sm">
        <p>{t('tree.loadFailed')}</p>
        <Button
          variant="quiet"
          className="text-on-sidebar"
          onClick={() => tree.send({ type: 'tree.reload' })}
        >
          {t('tree.reload')}
        </Button>
      </div>
    );
  }
  if (rows.length === 0) return <p className="px-4 py-2 text-sm text-on-sidebar/70">{t('tree.empty')}</p>;

  return (
    <div ref={viewport} className="min-h-0 flex-1 overflow-y-auto">
      {pause.paused && pause.since !== null ? <StatusesAge since={pause.since} /> : null}
      <ul role="tree" aria-label={t('tree.label')} className="relative" style={{ height: totalHeight }}>
        {rows.slice(first, last).map((row, offset) => (
          <TreeRowView
            key={row.id}
            row={row}
            index={first + offset}
            focused={first + offset === focusedIndex}
            onToggle={toggle}
            onFocusRow={setFocusedId}
            onKeyDown={onKeyDown}
            paused={pause.paused}
          />
        ))}
      </ul>
    </div>
  );
}

/** While live data is paused the statuses are as old as the lost connection: the tree says since when. */
function StatusesAge({ since }: { since: number }) {
  const t = useT();
  const intl = useIntl();
  const now = useNow();
  return (
    <p className="px-4 py-1 text-xs text-on-sidebar/80">
      {t('live.treePaused', { age: formatAge(intl, since, now) })}
    </p>
  );
}
