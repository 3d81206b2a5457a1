import { useSelector } from '@xstate/react';
import {
  selectAnnotations,
  selectElementLineEdit,
  selectIsRenaming,
  selectIsResolvingConflict,
  selectIsSaving,
  selectLeaving,
  selectName,
  selectRenameError,
  selectRenameValue,
  selectWidgetEditor,
} from '../../machines/dashboardEditor/dashboardEditor.selectors';
import type { elementLineEditMachine } from '../../machines/elementLineEdit/elementLineEditMachine';
import type { lineEditMachine } from '../../machines/lineEdit/lineEditMachine';
import type { ActorRefFrom } from 'xstate';
import { AnnotationsDialog } from '../annotations/AnnotationsDialog';
import { LineDetailsDialog } from '../dialogs/LineDetailsDialog';
import { useT } from '../i18n';
import { FormDialog } from '../primitives/Dialog';
import { TextField } from '../primitives/TextField';
import { WidgetDetailsDialog } from '../widgetEditor/WidgetDetailsDialog';
import { SaveChangesDialog } from './SaveChangesDialog';
import type { DashboardEditorActor } from './useDashboardEditor';

/**
 * The dialogs of the dashboard view: widget details, unsaved changes, a save conflict, rename, and line edit and
 * annotations from a widget.
 */
export function DashboardEditorDialogs({ actor }: { actor: DashboardEditorActor }) {
  const lineEdit = useSelector(actor, selectElementLineEdit);
  const widgetEditor = useSelector(actor, selectWidgetEditor);
  const annotations = useSelector(actor, selectAnnotations);
  return (
    <>
      {widgetEditor && <WidgetDetailsDialog actor={widgetEditor} />}
      <UnsavedChangesDialog actor={actor} />
      <ConflictDialog actor={actor} />
      <RenameDialog actor={actor} />
      {lineEdit && <WidgetLineEdit actor={lineEdit} />}
      {annotations && <AnnotationsDialog actor={annotations} />}
    </>
  );
}

/**
 * The question on leaving with unsaved changes, before anything happens: save, discard, or keep editing (Done)
 * or stay (another route, back or forward, logout).
 */
function UnsavedChangesDialog({ actor }: { actor: DashboardEditorActor }) {
  const t = useT();
  const leaving = useSelector(actor, selectLeaving);
  const saving = useSelector(actor, selectIsSaving);
  const name = useSelector(actor, selectName);
  if (!leaving) return null;
  const away = leaving === 'away';
  return (
    <SaveChangesDialog
      title={away ? t('dashboardEditor.leavingTitle', { name }) : t('dashboardEditor.unsavedTitle')}
      text={away ? t('dashboardEditor.leavingText', { name }) : t('dashboardEditor.unsavedText')}
      stayLabel={away ? t('dashboardEditor.stay') : t('dashboardEditor.keepEditing')}
      saving={saving}
      onSave={() => actor.send({ type: 'dashboard.confirmSave' })}
      onDiscard={() => actor.send({ type: 'dashboard.discard' })}
      onStay={() => actor.send({ type: 'dashboard.stayEditing' })}
    />
  );
}

/** A save met a change made elsewhere: reload the stored copy, or keep editing and overwrite it on Save. */
function ConflictDialog({ actor }: { actor: DashboardEditorActor }) {
  const t = useT();
  const open = useSelector(actor, selectIsResolvingConflict);
  const name = useSelector(actor, selectName);
  if (!open) return null;
  const keepEditing = () => actor.send({ type: 'dashboard.stayEditing' });
  return (
    <FormDialog
      title={t('dashboardEditor.conflictTitle', { name })}
      onCancel={keepEditing}
      onSubmit={() => actor.send({ type: 'dashboard.reloadStored' })}
      submitLabel={t('dashboardEditor.reloadStored')}
      cancelLabel={t('dashboardEditor.keepEditing')}
    >
      <p>{t('dashboardEditor.conflictText', { name })}</p>
    </FormDialog>
  );
}

/** The rename prompt of edit mode: the name is required; it is saved with the dashboard. */
function RenameDialog({ actor }: { actor: DashboardEditorActor }) {
  const t = useT();
  const open = useSelector(actor, selectIsRenaming);
  const value = useSelector(actor, selectRenameValue);
  const error = useSelector(actor, selectRenameError);
  if (!open) return null;
  const cancel = () => actor.send({ type: 'rename.cancel' });
  return (
    <FormDialog
      title={t('dashboardEditor.renameTitle')}
      onCancel={cancel}
      onSubmit={() => actor.send({ type: 'rename.submit' })}
      submitLabel={t('dashboardEditor.apply')}
      cancelLabel={t('dashboardEditor.cancel')}
    >
      <TextField
        label={t('dashboardEditor.renameLabel')}
        value={value}
        onValueChange={(next) => actor.send({ type: 'rename.change', value: next })}
        error={error && t(error)}
      />
    </FormDialog>
  );
}

/** The line-details dialog of a widget's line, once the line is loaded. */
function WidgetLineEdit({ actor }: { actor: ActorRefFrom<typeof elementLineEditMachine> }) {
  const lineEdit = useSelector(actor, (s) => s.children.lineEdit);
  return lineEdit ? <LineDetailsDialog actor={lineEdit as ActorRefFrom<typeof lineEditMachine>} /> : null;
}
