import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';

/**
 * The question about unsaved dashboard changes: Save, Discard, and (when the operator can go back to them)
 * Keep editing. Escape or a click outside means Keep editing where offered, else Discard.
 */
export function SaveChangesDialog({
  title,
  text,
  saving,
  onSave,
  onDiscard,
  onKeepEditing,
}: {
  title: string;
  text: string;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onKeepEditing?: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      title={title}
      onClose={onKeepEditing ?? onDiscard}
      onSubmit={onSave}
      footer={
        <>
          {onKeepEditing && (
            <Button variant="quiet" onClick={onKeepEditing}>
              {t('dashboardEditor.keepEditing')}
            </Button>
          )}
          <Button variant="quiet" onClick={onDiscard}>
            {t('dashboardEditor.discard')}
          </Button>
          <Button type="submit" disabled={saving}>
            {t('dashboardEditor.confirmSave')}
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </Dialog>
  );
}
