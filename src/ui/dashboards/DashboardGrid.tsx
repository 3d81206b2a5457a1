import 'react-grid-layout/css/styles.css';
import { useSelector } from '@xstate/react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import {
  selectDraft,
  selectFullscreenId,
  selectIsEditing,
} from '../../machines/dashboardEditor/dashboardEditor.selectors';
import { GRID_COLUMNS, GRID_MARGIN, GRID_ROW_HEIGHT } from '../../services/contracts';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { breakpointOf, columnsOf, compactorAt, layoutAt } from './gridLayout';
import { GridItemHandle } from './GridItemHandle';
import type { DashboardEditorActor } from './useDashboardEditor';
import { useKeyboardArrange } from './useKeyboardArrange';
import { WidgetFrame } from './WidgetFrame';

const GRID_CONFIG = { rowHeight: GRID_ROW_HEIGHT, margin: [GRID_MARGIN, GRID_MARGIN] as const };

const subscribeResize = (notify: () => void) => {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
};
const useViewportWidth = () => useSyncExternalStore(subscribeResize, () => window.innerWidth);

/**
 * SPEC §5/§9: the dashboard grid. The window's width picks the breakpoint and its columns; positions are
 * stored for 12 columns and scaled down on narrower screens. Widgets are dragged and resized, with the mouse or
 * the arrow keys on their handle, only in edit mode at 12 columns (what is saved), and never overlap (vertical
 * compaction).
 */
/**
 * A widget over the whole window. Escape leaves it, as the toggle in its header does, unless a dialog opened over
 * it took the key; the widget takes the focus so the keyboard starts there.
 */
function FullscreenWidget({ onLeave, children }: { onLeave: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const leave = useRef(onLeave);
  useLayoutEffect(() => {
    leave.current = onLeave;
  });
  useEffect(() => {
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) leave.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="fixed inset-0 z-30 flex bg-surface p-4 outline-none">
      {children}
    </div>
  );
}

export function DashboardGrid({ actor }: { actor: DashboardEditorActor }) {
  const t = useT();
  const dashboard = useSelector(actor, selectDraft);
  const editing = useSelector(actor, selectIsEditing);
  const fullscreenId = useSelector(actor, selectFullscreenId);
  const { width, containerRef } = useContainerWidth();
  const cols = columnsOf(breakpointOf(useViewportWidth()));
  const widgets = useMemo(() => dashboard?.widgets ?? [], [dashboard]);
  const layout = useMemo(() => layoutAt(widgets, cols), [widgets, cols]);
  const arranging = editing && cols === GRID_COLUMNS;
  const keysId = useId();
  const layoutChanged = (changed: Layout) => {
    if (cols !== GRID_COLUMNS) return;
    actor.send({
      type: 'dashboard.layoutChanged',
      layout: changed.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })),
    });
  };
  const { keyDownOn, announcement } = useKeyboardArrange({
    enabled: arranging,
    layout,
    cols,
    nameOf: (id) => widgets.find((widget) => widget.id === id)?.name ?? '',
    onArranged: layoutChanged,
  });
  if (widgets.length === 0) return <EmptyDashboard actor={actor} editing={editing} />;
  const fullscreen = widgets.find((widget) => widget.id === fullscreenId);
  if (fullscreen) {
    return (
      <FullscreenWidget onLeave={() => actor.send({ type: 'dashboard.toggleFullscreen', id: fullscreen.id })}>
        <WidgetFrame actor={actor} widget={fullscreen} editing={editing} fullscreen />
      </FullscreenWidget>
    );
  }
  return (
    <div ref={containerRef}>
      {editing && !arranging && <p className="pb-2 text-muted">{t('dashboardEditor.widenToArrange')}</p>}
      {arranging && (
        <>
          <p id={keysId} hidden>
            {t('dashboardGrid.arrangeKeys')}
          </p>
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </>
      )}
      <GridLayout
        width={width}
        layout={layout}
        gridConfig={{ ...GRID_CONFIG, cols }}
        compactor={compactorAt(cols)}
        dragConfig={{ enabled: arranging, cancel: 'button' }}
        resizeConfig={{ enabled: arranging }}
        onLayoutChange={layoutChanged}
      >
        {widgets.map((widget) => (
          <div key={widget.id}>
            {arranging && (
              <GridItemHandle name={widget.name} describedBy={keysId} onKeyDown={keyDownOn(widget.id)} />
            )}
            <WidgetFrame actor={actor} widget={widget} editing={editing} fullscreen={false} />
          </div>
        ))}
      </GridLayout>
    </div>
  );
}

/** A dashboard without widgets says so and offers the first one (entering edit mode if needed). */
function EmptyDashboard({ actor, editing }: { actor: DashboardEditorActor; editing: boolean }) {
  const t = useT();
  const addFirst = () => {
    if (!editing) actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'dashboard.addWidget' });
  };
  return (
    <div className="flex flex-col items-start gap-3 rounded border border-dashed border-line p-8">
      <p className="text-muted">{t('dashboardEditor.empty')}</p>
      <Button onClick={addFirst}>{t('dashboardEditor.addFirstWidget')}</Button>
    </div>
  );
}
