import 'react-grid-layout/css/styles.css';
import { useSelector } from '@xstate/react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import {
  selectDraft,
  selectFullscreenId,
  selectIsEditing,
} from '../../machines/dashboardEditor/dashboardEditor.selectors';
import { GRID_COLUMNS, GRID_MARGIN, GRID_ROW_HEIGHT } from '#contracts';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { breakpointOf, columnsOf, compactorAt, layoutAt } from './gridLayout';
import { GridItemHandle } from './GridItemHandle';
import { arrangeByKey } from './keyboardArrange';
import { arrangeReflowedByKey, arrangeReflowedByPointer } from './reflowedArrange';
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
 * stored for 12 columns and reflowed on narrower screens. In edit mode widgets are dragged and resized, with the
 * pointer or the arrow keys on their handle, and never overlap: at 12 columns in place (vertical compaction),
 * on a narrower grid by their order and size (reflowedArrange.ts).
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
  // The grid lays widgets out once its box was measured: never at a guessed width beyond the screen.
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const cols = columnsOf(breakpointOf(useViewportWidth()));
  const widgets = useMemo(() => dashboard?.widgets ?? [], [dashboard]);
  const layout = useMemo(() => layoutAt(widgets, cols), [widgets, cols]);
  const stored = useMemo(() => layoutAt(widgets, GRID_COLUMNS), [widgets]);
  // Narrower grids show the stored layout reflowed: arranging there changes its order and sizes.
  const reflowed = cols !== GRID_COLUMNS;
  // A pointer drop the reflow takes back (a gap left, a widget at an end) remounts the grid to show it so.
  const [retakes, setRetakes] = useState(0);
  const keysId = useId();
  const save = (changed: Layout) =>
    actor.send({
      type: 'dashboard.layoutChanged',
      layout: changed.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })),
    });
  const layoutChanged = (changed: Layout) => {
    if (!reflowed) save(changed);
  };
  const dropped = (changed: Layout) => {
    if (!reflowed) return;
    const arranged = arrangeReflowedByPointer(stored, layout, changed, cols);
    if (arranged) save(arranged);
    else setRetakes((count) => count + 1);
  };
  const { keyDownOn, announcement } = useKeyboardArrange({
    enabled: editing,
    layout,
    arrange: (id, keys) =>
      reflowed ? arrangeReflowedByKey(stored, id, keys, cols) : arrangeByKey(layout, id, keys, cols),
    nameOf: (id) => widgets.find((widget) => widget.id === id)?.name ?? '',
    onArranged: save,
  });
  // The measured box is there whatever shows in it: react-grid-layout measures it once, when it first mounts
  // (an empty dashboard or a widget over the whole window first would leave the grid at its default 1280 px,
  // laying widgets beyond the screen's edge once some show).
  const fullscreen = widgets.find((widget) => widget.id === fullscreenId);
  if (widgets.length === 0 || fullscreen)
    return (
      <div ref={containerRef}>
        {fullscreen ? (
          <FullscreenWidget
            onLeave={() => actor.send({ type: 'dashboard.toggleFullscreen', id: fullscreen.id })}
          >
            <WidgetFrame actor={actor} widget={fullscreen} editing={editing} fullscreen />
          </FullscreenWidget>
        ) : (
          <EmptyDashboard actor={actor} editing={editing} />
        )}
      </div>
    );
  return (
    <div ref={containerRef}>
      {editing && (
        <>
          <p id={keysId} hidden>
            {t(reflowed ? 'dashboardGrid.arrangeKeysReflowed' : 'dashboardGrid.arrangeKeys')}
          </p>
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </>
      )}
      {mounted && (
        <GridLayout
          key={retakes}
          width={width}
          layout={layout}
          gridConfig={{ ...GRID_CONFIG, cols }}
          compactor={compactorAt(cols)}
          dragConfig={{ enabled: editing, cancel: 'button' }}
          resizeConfig={{ enabled: editing }}
          onLayoutChange={layoutChanged}
          onDragStop={dropped}
          onResizeStop={dropped}
        >
          {widgets.map((widget) => (
            <div key={widget.id}>
              <WidgetFrame
                actor={actor}
                widget={widget}
                editing={editing}
                fullscreen={false}
                handle={
                  editing && (
                    <GridItemHandle
                      name={widget.name}
                      describedBy={keysId}
                      onKeyDown={keyDownOn(widget.id)}
                    />
                  )
                }
              />
            </div>
          ))}
        </GridLayout>
      )}
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
