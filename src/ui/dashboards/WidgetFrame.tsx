import { useSelector } from '@xstate/react';
import { Suspense, type ComponentProps, type ReactNode } from 'react';
import { selectWidgetLive } from '../../machines/dashboardEditor/dashboardEditor.selectors';
import { isInvalidWidget, type DashboardWidget, type InvalidWidget, type Widget } from '#contracts';
import { FailureNotice } from '../errors/FailureNotice';
import { RetryBoundary } from '../errors/RetryBoundary';
import { useT } from '../i18n';
import { widgetRegistry } from '../widgets/registry';
import type { DashboardEditorActor } from './useDashboardEditor';
import { useFoldedActions } from './useFoldedActions';
import { WidgetActions } from './WidgetActions';

/**
 * One widget on the grid: its header (name and actions, folded into a menu when the widget is narrow) and its body.
 * The header stays whatever happens to the body, so a widget that fails can still be fixed or deleted.
 */
export function WidgetFrame({
  actor,
  widget,
  editing,
  fullscreen,
  handle = null,
}: {
  actor: DashboardEditorActor;
  widget: DashboardWidget;
  editing: boolean;
  fullscreen: boolean;
  /** In edit mode on the grid: the keyboard's hold on the widget, leading its header. */
  handle?: ReactNode;
}) {
  const live = useSelector(actor, selectWidgetLive(widget.id));
  return (
    <article
      aria-labelledby={`widget-${widget.id}`}
      data-live={live ? 'ready' : 'pending'}
      className="flex h-full w-full flex-col overflow-hidden rounded border border-line bg-surface"
    >
      {/* Keyed by edit mode: its buttons change the row's width, which a new header measures afresh. */}
      <WidgetHeader
        key={editing ? 'editing' : 'viewing'}
        actor={actor}
        widget={widget}
        editing={editing}
        fullscreen={fullscreen}
        handle={handle}
      />
      {isInvalidWidget(widget) ? (
        <InvalidWidgetNotice widget={widget} editing={editing} />
      ) : (
        <WidgetBody actor={actor} widget={widget} />
      )}
    </article>
  );
}

/** The widget's name and its actions, folded into one menu when a row of them would squeeze the name. */
function WidgetHeader({
  handle,
  ...props
}: Omit<ComponentProps<typeof WidgetActions>, 'folded'> & { handle: ReactNode }) {
  const { folded, headerRef, titleRef, actionsRef } = useFoldedActions();
  return (
    <header ref={headerRef} className="flex items-center gap-1 border-b border-line px-3 py-1">
      {handle}
      <h2 ref={titleRef} id={`widget-${props.widget.id}`} className="min-w-0 flex-1 truncate font-medium">
        {props.widget.name}
      </h2>
      <div ref={actionsRef} className="flex shrink-0 items-center gap-1">
        <WidgetActions {...props} folded={folded} />
      </div>
    </header>
  );
}

/** The renderer of the type (src/ui/widgets/registry.ts); types without one show type and element count. */
function WidgetBody({ actor, widget }: { actor: DashboardEditorActor; widget: Widget }) {
  const t = useT();
  const Renderer = widgetRegistry[widget.type]?.Renderer;
  const summary = (
    <p className="p-3 text-muted">
      {t('dashboardEditor.widgetSummary', {
        type: t(`widgetEditor.type.${widget.type}`),
        count: widget.elements.length,
      })}
    </p>
  );
  if (!Renderer) return summary;
  return (
    <RetryBoundary
      what={`Widget "${widget.name}"`}
      title={t('widgets.failed.title')}
      level={3}
      retryLabel={t('widgets.failed.retryWidget', { name: widget.name })}
      // An edited widget is a new object: it gets a fresh try.
      resetKeys={[widget]}
      className="p-3"
    >
      <Suspense fallback={summary}>
        <Renderer actor={actor} widget={widget} />
      </Suspense>
    </RetryBoundary>
  );
}

/** A stored widget its schema refuses: which field failed, and in edit mode that deleting it lets the dashboard save. */
function InvalidWidgetNotice({ widget, editing }: { widget: InvalidWidget; editing: boolean }) {
  const t = useT();
  const { field, message } = widget.issue;
  return (
    <FailureNotice
      title={t('widgets.invalid.title')}
      message={field ? t('widgets.invalid.issue', { field, message }) : message}
      hint={editing ? t('widgets.invalid.deleteToSave') : undefined}
      level={3}
      className="p-3"
    />
  );
}
