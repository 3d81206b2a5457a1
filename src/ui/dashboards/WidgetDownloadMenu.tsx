import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection } from '@headlessui/react';
import { WIDGET_EXPORT_TYPES, type Widget } from '#contracts';
import { useT } from '../i18n';
import { FRAME_BUTTON } from './frameButton';
import { MENU_ITEM } from './DashboardsListRows';
import type { DashboardEditorActor } from './useDashboardEditor';

interface DownloadProps {
  actor: DashboardEditorActor;
  widget: Widget;
}

/** The widget's download menu: its current values as CSV or JSON (POST widgets/download). */
export function WidgetDownloadMenu({ actor, widget }: DownloadProps) {
  const t = useT();
  const label = t('dashboardEditor.downloadWidget', { name: widget.name });
  return (
    <Menu>
      <MenuButton aria-label={label} title={label} className={FRAME_BUTTON}>
        <span aria-hidden>⤓</span>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-30 min-w-40 rounded bg-surface-raised py-1 shadow-lg">
        <DownloadItems actor={actor} widget={widget} />
      </MenuItems>
    </Menu>
  );
}

/** The same choices inside a narrow widget's actions menu: a group under the download menu's name. */
export function WidgetDownloadSection({ actor, widget }: DownloadProps) {
  const t = useT();
  return (
    <MenuSection>
      <MenuHeading className="px-4 pt-2 text-xs text-muted">
        {t('dashboardEditor.downloadWidget', { name: widget.name })}
      </MenuHeading>
      <DownloadItems actor={actor} widget={widget} />
    </MenuSection>
  );
}

function DownloadItems({ actor, widget }: DownloadProps) {
  const t = useT();
  return WIDGET_EXPORT_TYPES.map((exportType) => (
    <MenuItem key={exportType}>
      <button
        type="button"
        className={MENU_ITEM}
        onClick={() => actor.send({ type: 'dashboard.downloadWidget', id: widget.id, exportType })}
      >
        {t('dashboardEditor.downloadAs', { format: exportType })}
      </button>
    </MenuItem>
  ));
}
