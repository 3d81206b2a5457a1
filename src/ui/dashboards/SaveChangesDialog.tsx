import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';

/**
 * The question about unsaved dashboard changes, asked before the user leaves them: Save, Discard, and a way back
 * to them (`stayLabel`: Keep editing, or Stay). Escape or a click outside means going back to them.
 */
export function SaveChangesDialog({
  title,
  text,
  stayLabel,
  saving,
  onSave,
  onDiscard,
  onStay,
}: {
  title: string;
  text: string;
  stayLabel: string;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onStay: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      title={title}
      onClose={onStay}
      onSubmit={onSave}
      footer={
        <>
          <Button variant="quiet" onClick={onStay}>
            {stayLabel}
          </Button>
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
