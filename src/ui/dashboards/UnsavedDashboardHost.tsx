import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { unsavedDashboardMachine } from '../../machines/unsavedDashboard/unsavedDashboardMachine';
import { useT } from '../i18n';
import { SaveChangesDialog } from './SaveChangesDialog';
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
  return (
    <SaveChangesDialog
      title={t('dashboardEditor.leftUnsavedTitle', { name })}
      text={t('dashboardEditor.leftUnsavedText', { name })}
      saving={saving}
      onSave={() => actor.send({ type: 'unsaved.save' })}
      onDiscard={() => actor.send({ type: 'unsaved.discard' })}
    />
  );
}
