import type { ReactNode } from 'react';
import type { WidgetElement } from '#contracts';
import type { DashboardEditorActor } from '../dashboards/useDashboardEditor';
import { useT } from '../i18n';
import { OutlineIcon } from '../icons/OutlineIcon';

/**
 * 'Edit {label}': asks the dashboard to open the line details of the element (widgets with line edit on).
 * Shows a pencil unless given content (a table cell makes its value the button).
 */
export function EditLineButton({
  actor,
  element,
  label,
  describedBy,
  className = 'rounded p-1 text-muted hover:bg-muted/15 hover:text-on-surface',
  children,
}: {
  actor: DashboardEditorActor;
  element: WidgetElement;
  label: string;
  /** Id of the value the button acts on, read after its name. */
  describedBy?: string;
  className?: string;
  children?: ReactNode;
}) {
  const t = useT();
  const name = t('widgets.editLine', { label });
  return (
    <button
      type="button"
      aria-label={name}
      title={name}
      aria-describedby={describedBy}
      className={className}
      onClick={() => actor.send({ type: 'dashboard.editLine', element })}
    >
      {children ?? <PencilIcon />}
    </button>
  );
}

function PencilIcon() {
  return (
    <OutlineIcon width="16" height="16">
      <path d="M4 20h4L19 9l-4-4L4 16zM13 7l4 4" strokeLinejoin="round" />
    </OutlineIcon>
  );
}
