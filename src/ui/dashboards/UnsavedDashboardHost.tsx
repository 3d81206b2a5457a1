import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { unsavedDashboardMachine } from '../../machines/unsavedDashboard/unsavedDashboardMachine';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { useDashboardEditor } from './useDashboardEditor';

type UnsavedDashboardActor = ActorRefFrom<typeof unsavedDashboardMachine>;

/** Wherever the operator went, asks about the dashboard they left with unsaved changes: save it or let it go. */
export function UnsavedDashboardHost() {
  const editor = useDashboardEditor();
  const actor = useSelector(editor, (s) => s.children.unsavedDashboard as UnsavedDashboardActor | undefined);
  return actor ? <UnsavedDashboardDialog actor={actor} /> : null;
}

function UnsavedDashboardDialog({ actor }: { actor: UnsavedDashboardActor }) {
  const t = useT();
  const name = useSelector(actor, (s) => s.context.draft.name);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const open = useSelector(actor, (s) => s.status === 'active');
  if (!open) return null;
  const discard = () => actor.send({ type: 'unsaved.discard' });
  return (
    <Dialog
      title={t('dashboardEditor.leftUnsavedTitle', { name })}
      onClose={discard}
      onSubmit={() => actor.send({ type: 'unsaved.save' })}
      footer={
        <>
          <Button variant="quiet" onClick={discard}>
            {t('dashboardEditor.discard')}
          </Button>
          <Button type="submit" disabled={saving}>
            {t('dashboardEditor.confirmSave')}
          </Button>
        </>
      }
    >
      <p>{t('dashboardEditor.leftUnsavedText', { name })}</p>
    </Dialog>
  );
}
