import { Menu, MenuButton, MenuItems } from '@headlessui/react';
import { isInvalidWidget, type DashboardWidget } from '#contracts';
import { useT } from '../i18n';
import { widgetRegistry } from '../widgets/registry';
import { FrameButton, FrameMenuItem, type FrameAction, type FrameActionProps } from './FrameAction';
import { FRAME_BUTTON } from './frameButton';
import type { DashboardEditorActor } from './useDashboardEditor';
import { WidgetDownloadMenu, WidgetDownloadSection } from './WidgetDownloadMenu';

interface WidgetActionsProps {
  actor: DashboardEditorActor;
  widget: DashboardWidget;
  editing: boolean;
  fullscreen: boolean;
  /** The widget is too narrow for a row of buttons: they fold into one menu so the title keeps its room. */
  folded: boolean;
}

/** A widget header's actions: the type's own (a chart's range), download, fullscreen; edit and delete in edit mode. */
export function WidgetActions({ actor, widget, editing, fullscreen, folded }: WidgetActionsProps) {
  const t = useT();
  const valid = isInvalidWidget(widget) ? null : widget;
  const Header = valid ? widgetRegistry[valid.type]?.Header : undefined;
  const actions: FrameActionProps[] = [
    {
      label: t('dashboardEditor.fullscreen', { name: widget.name }),
      glyph: fullscreen ? '⤡' : '⤢',
      pressed: fullscreen,
      onClick: () => actor.send({ type: 'dashboard.toggleFullscreen', id: widget.id }),
    },
  ];
  if (editing && valid) {
    actions.push({
      label: t('dashboardEditor.editWidget', { name: widget.name }),
      glyph: '✎',
      onClick: () => actor.send({ type: 'dashboard.editWidget', id: widget.id }),
    });
  }
  if (editing) {
    actions.push({
      label: t('dashboardEditor.deleteWidget', { name: widget.name }),
      glyph: '✕',
      onClick: () => actor.send({ type: 'dashboard.removeWidget', id: widget.id }),
    });
  }
  const controls = (Action: FrameAction) => (
    <>
      {Header && valid && <Header actor={actor} widget={valid} Action={Action} />}
      {valid &&
        (folded ? (
          <WidgetDownloadSection actor={actor} widget={valid} />
        ) : (
          <WidgetDownloadMenu actor={actor} widget={valid} />
        ))}
      {actions.map((action) => (
        <Action key={action.label} {...action} />
      ))}
    </>
  );
  if (!folded) return controls(FrameButton);
  const label = t('dashboardEditor.widgetActions', { name: widget.name });
  return (
    <Menu>
      {({ open }) => (
        <>
          <MenuButton aria-label={label} title={label} className={FRAME_BUTTON}>
            <span aria-hidden>⋮</span>
          </MenuButton>
          {/* Static, hidden when closed: a type's action may open a dialog of its own (a chart's range picker),
              which must outlive the menu that closes on the click. */}
          <MenuItems
            static
            hidden={!open}
            anchor="bottom end"
            className="z-30 min-w-48 rounded bg-surface-raised py-1 shadow-lg"
          >
            {controls(FrameMenuItem)}
          </MenuItems>
        </>
      )}
    </Menu>
  );
}
