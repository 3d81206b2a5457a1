import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { selectWidgetLive } from '../../machines/dashboardEditor/dashboardEditor.selectors';
import {
  isInvalidWidget,
  type DashboardWidget,
  type InvalidWidget,
  type Widget,
} from '../../services/contracts';
import { FailureNotice } from '../errors/FailureNotice';
import { RetryBoundary } from '../errors/RetryBoundary';
import { useT } from '../i18n';
import { widgetRegistry } from '../widgets/registry';
import { FRAME_BUTTON } from './frameButton';
import type { DashboardEditorActor } from './useDashboardEditor';
import { WidgetDownloadMenu } from './WidgetDownloadMenu';

/**
 * One widget on the grid: its header (name, download, fullscreen; edit and delete in edit mode) and its body.
 * The header stays whatever happens to the body, so a widget that fails can still be fixed or deleted.
 */
export function WidgetFrame({
  actor,
  widget,
  editing,
  fullscreen,
}: {
  actor: DashboardEditorActor;
  widget: DashboardWidget;
  editing: boolean;
  fullscreen: boolean;
}) {
  const t = useT();
  const live = useSelector(actor, selectWidgetLive(widget.id));
  const invalid = isInvalidWidget(widget);
  const Header = invalid ? undefined : widgetRegistry[widget.type]?.Header;
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
        {Header && !invalid && <Header actor={actor} widget={widget} />}
        {!invalid && <WidgetDownloadMenu actor={actor} widget={widget} />}
        <FrameButton
          label={t('dashboardEditor.fullscreen', { name: widget.name })}
          pressed={fullscreen}
          glyph={fullscreen ? '⤡' : '⤢'}
          onClick={() => actor.send({ type: 'dashboard.toggleFullscreen', id: widget.id })}
        />
        {editing && !invalid && (
          <FrameButton
            label={t('dashboardEditor.editWidget', { name: widget.name })}
            glyph="✎"
            onClick={() => actor.send({ type: 'dashboard.editWidget', id: widget.id })}
          />
        )}
        {editing && (
          <FrameButton
            label={t('dashboardEditor.deleteWidget', { name: widget.name })}
            glyph="✕"
            onClick={() => actor.send({ type: 'dashboard.removeWidget', id: widget.id })}
          />
        )}
      </header>
      {invalid ? (
        <InvalidWidgetNotice widget={widget} editing={editing} />
      ) : (
        <WidgetBody actor={actor} widget={widget} />
      )}
    </article>
  );
}

/** The renderer of the type (src/ui/widgets/registry.ts); types without one show type and element count. */
function WidgetBody({ actor, widget }: { actor: DashboardEditorActor; widget: Widget }) {
  const t = useT();
  const Renderer = widgetRegistry[widget.type]?.Renderer;
  const summary = (
    <p className="p-3 text-muted">
      {t('dashboardEditor.widgetSummary', { type: widget.type, count: String(widget.elements.length) })}
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
