import 'react-grid-layout/css/styles.css';
import { useSelector } from '@xstate/react';
import { Suspense, useMemo } from 'react';
import { Responsive, useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import {
  selectDraft,
  selectFullscreenId,
  selectIsEditing,
  selectWidgetLive,
} from '../../machines/dashboardEditor/dashboardEditor.selectors';
import {
  BREAKPOINT_COLUMNS,
  BREAKPOINT_WIDTHS,
  GRID_MARGIN,
  GRID_ROW_HEIGHT,
  WIDGET_MIN_H,
  WIDGET_MIN_W,
  type Widget,
} from '../../services/contracts';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { widgetRegistry } from '../widgets/registry';
import type { DashboardEditorActor } from './useDashboardEditor';

const MARGIN = [GRID_MARGIN, GRID_MARGIN] as const;

/**
 * SPEC §5/§9: the responsive grid of a dashboard. Widgets are dragged and resized only in edit mode, never
 * overlap (vertical compaction). The stored positions are of the 12-column grid: the narrower breakpoints
 * derive their layout from it, and only a change at 12 columns reaches the machine.
 */
export function DashboardGrid({ actor }: { actor: DashboardEditorActor }) {
  const t = useT();
  const dashboard = useSelector(actor, selectDraft);
  const editing = useSelector(actor, selectIsEditing);
  const fullscreenId = useSelector(actor, selectFullscreenId);
  const { width, containerRef } = useContainerWidth();
  const widgets = useMemo(() => dashboard?.widgets ?? [], [dashboard]);
  const layouts = useMemo(
    () => ({
      lg: widgets.map(({ id, position: { x, y, w, h } }) => ({
        i: id,
        x,
        y,
        w,
        h,
        minW: WIDGET_MIN_W,
        minH: WIDGET_MIN_H,
      })),
    }),
    [widgets],
  );
  if (widgets.length === 0) return <p className="text-muted">{t('dashboardEditor.empty')}</p>;
  const fullscreen = widgets.find((widget) => widget.id === fullscreenId);
  if (fullscreen) {
    return (
      <div className="fixed inset-0 z-30 flex bg-surface p-4">
        <WidgetFrame actor={actor} widget={fullscreen} editing={editing} fullscreen />
      </div>
    );
  }
  const layoutChanged = (layout: Layout) => {
    if (width < BREAKPOINT_WIDTHS.lg) return;
    actor.send({
      type: 'dashboard.layoutChanged',
      layout: layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })),
    });
  };
  return (
    <div ref={containerRef}>
      <Responsive
        width={width}
        layouts={layouts}
        breakpoints={BREAKPOINT_WIDTHS}
        cols={BREAKPOINT_COLUMNS}
        margin={MARGIN}
        rowHeight={GRID_ROW_HEIGHT}
        compactor={verticalCompactor}
        dragConfig={{ enabled: editing, cancel: 'button' }}
        resizeConfig={{ enabled: editing }}
        onLayoutChange={layoutChanged}
      >
        {widgets.map((widget) => (
          <div key={widget.id}>
            <WidgetFrame actor={actor} widget={widget} editing={editing} fullscreen={false} />
          </div>
        ))}
      </Responsive>
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
      <header className="flex items-center gap-2 border-b border-line px-3 py-1">
        <h2 id={`widget-${widget.id}`} className="flex-1 truncate font-medium">
          {widget.name}
        </h2>
        <Button
          variant="quiet"
          aria-pressed={fullscreen}
          onClick={() => actor.send({ type: 'dashboard.toggleFullscreen', id: widget.id })}
        >
          {t('dashboardEditor.fullscreen', { name: widget.name })}
        </Button>
        {editing && (
          <Button
            variant="quiet"
            onClick={() => actor.send({ type: 'dashboard.removeWidget', id: widget.id })}
          >
            {t('dashboardEditor.deleteWidget', { name: widget.name })}
          </Button>
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
