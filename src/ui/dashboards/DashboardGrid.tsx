import 'react-grid-layout/css/styles.css';
import { useSelector } from '@xstate/react';
import { Suspense, useMemo, useSyncExternalStore } from 'react';
import {
  GridLayout,
  noCompactor,
  useContainerWidth,
  verticalCompactor,
  type Layout,
} from 'react-grid-layout';
import {
  selectDraft,
  selectFullscreenId,
  selectIsEditing,
  selectWidgetLive,
} from '../../machines/dashboardEditor/dashboardEditor.selectors';
import { GRID_COLUMNS, GRID_MARGIN, GRID_ROW_HEIGHT, type Widget } from '../../services/contracts';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { widgetRegistry } from '../widgets/registry';
import { breakpointOf, columnsOf, layoutAt } from './gridLayout';
import type { DashboardEditorActor } from './useDashboardEditor';
import { WidgetDownloadMenu } from './WidgetDownloadMenu';
import { FRAME_BUTTON } from './frameButton';

const GRID_CONFIG = { rowHeight: GRID_ROW_HEIGHT, margin: [GRID_MARGIN, GRID_MARGIN] as const };

const subscribeResize = (notify: () => void) => {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
};
const useViewportWidth = () => useSyncExternalStore(subscribeResize, () => window.innerWidth);

/**
 * SPEC §5/§9: the dashboard grid. The window's width picks the breakpoint and its columns; positions are
 * stored for 12 columns and scaled down on narrower screens. Widgets are dragged and resized only in edit
 * mode at 12 columns (what is saved), and never overlap (vertical compaction).
 */
export function DashboardGrid({ actor }: { actor: DashboardEditorActor }) {
  const t = useT();
  const dashboard = useSelector(actor, selectDraft);
  const editing = useSelector(actor, selectIsEditing);
  const fullscreenId = useSelector(actor, selectFullscreenId);
  const { width, containerRef } = useContainerWidth();
  const cols = columnsOf(breakpointOf(useViewportWidth()));
  const widgets = useMemo(() => dashboard?.widgets ?? [], [dashboard]);
  const layout = useMemo(() => layoutAt(widgets, cols), [widgets, cols]);
  if (widgets.length === 0) return <EmptyDashboard actor={actor} editing={editing} />;
  const fullscreen = widgets.find((widget) => widget.id === fullscreenId);
  if (fullscreen) {
    return (
      <div className="fixed inset-0 z-30 flex bg-surface p-4">
        <WidgetFrame actor={actor} widget={fullscreen} editing={editing} fullscreen />
      </div>
    );
  }
  const arranging = editing && cols === GRID_COLUMNS;
  const layoutChanged = (changed: Layout) => {
    if (cols !== GRID_COLUMNS) return;
    actor.send({
      type: 'dashboard.layoutChanged',
      layout: changed.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })),
    });
  };
  return (
    <div ref={containerRef}>
      {editing && !arranging && <p className="pb-2 text-muted">{t('dashboardEditor.widenToArrange')}</p>}
      <GridLayout
        width={width}
        layout={layout}
        gridConfig={{ ...GRID_CONFIG, cols }}
        // The 12-column grid compacts upwards as widgets move; narrower grids keep the reflowed order as laid out.
        compactor={cols === GRID_COLUMNS ? verticalCompactor : noCompactor}
        dragConfig={{ enabled: arranging, cancel: 'button' }}
        resizeConfig={{ enabled: arranging }}
        onLayoutChange={layoutChanged}
      >
        {widgets.map((widget) => (
          <div key={widget.id}>
            <WidgetFrame actor={actor} widget={widget} editing={editing} fullscreen={false} />
          </div>
        ))}
      </GridLayout>
    </div>
  );
}

function WidgetFrame({
  actor,
  widget,
  editing,
  fullscreen,
}: {
  actor: DashboardEditorActor;
  widget: Widget;
  editing: boolean;
  fullscreen: boolean;
}) {
  const t = useT();
  const Renderer = widgetRegistry[widget.type]?.Renderer;
  const live = useSelector(actor, selectWidgetLive(widget.id));
  const summary = (
    <p className="p-3 text-muted">
      {t('dashboardEditor.widgetSummary', { type: widget.type, count: String(widget.elements.length) })}
    </p>
  );
  return (
    <article
      aria-labelledby={`widget-${widget.id}`}
      data-live={live ? 'ready' : 'pending'}
      className="flex h-full w-full flex-col overflow-hidden rounded border border-line bg-surface"
    >
      <header className="flex items-center gap-1 border-b border-line px-3 py-1">
        <h2 id={`widget-${widget.id}`} className="flex-1 truncate font-medium">
          {widget.name}
        </h2>
        <WidgetDownloadMenu actor={actor} widget={widget} />
        <FrameButton
          label={t('dashboardEditor.fullscreen', { name: widget.name })}
          pressed={fullscreen}
          glyph={fullscreen ? '⤡' : '⤢'}
          onClick={() => actor.send({ type: 'dashboard.toggleFullscreen', id: widget.id })}
        />
        {editing && (
          <>
            <FrameButton
              label={t('dashboardEditor.editWidget', { name: widget.name })}
              glyph="✎"
              onClick={() => actor.send({ type: 'dashboard.editWidget', id: widget.id })}
            />
            <FrameButton
              label={t('dashboardEditor.deleteWidget', { name: widget.name })}
              glyph="✕"
              onClick={() => actor.send({ type: 'dashboard.removeWidget', id: widget.id })}
            />
          </>
        )}
      </header>
      {/* The renderer of the type (src/ui/widgets/registry.ts); types without one show type and element count. */}
      {Renderer ? (
        <Suspense fallback={summary}>
          <Renderer actor={actor} widget={widget} />
        </Suspense>
      ) : (
        summary
      )}
    </article>
  );
}

/** A compact header button of a widget: a glyph, named for screen readers and tests by its label. */
function FrameButton({
  label,
  glyph,
  pressed,
  onClick,
}: {
  label: string;
  glyph: string;
  pressed?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={FRAME_BUTTON}
    >
      <span aria-hidden>{glyph}</span>
    </button>
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
