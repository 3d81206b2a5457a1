import { useSelector } from '@xstate/react';
import {
  selectDraft,
  selectIsConfirmingLeave,
  selectIsEditing,
  selectIsSaving,
  selectView,
} from '../../machines/dashboardEditor/dashboardEditor.selectors';
import { selectDashboard, selectIsLoaded } from '../../machines/dashboards/dashboards.selectors';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { DashboardGrid } from './DashboardGrid';
import { useDashboardEditor, type DashboardEditorActor } from './useDashboardEditor';
import { useDashboards } from './useDashboards';

/**
 * /dashboard/{id}: the dashboard's name, the edit toggle, and its widgets on the grid (the dashboard editing
 * machine loads and edits it). A missing id never shows here: the dashboards machine sends the route to the
 * 404 page with `dashboards.notFound`.
 */
export function DashboardScreen({ id }: { id: string }) {
  const t = useT();
  const actor = useDashboards();
  const editor = useDashboardEditor();
  const loaded = useSelector(actor, selectIsLoaded);
  const dashboard = useSelector(actor, selectDashboard(id));
  const view = useSelector(editor, selectView);
  const draft = useSelector(editor, selectDraft);
  const editing = useSelector(editor, selectIsEditing);
  const saving = useSelector(editor, selectIsSaving);
  if (!loaded) {
    return (
      <p role="status" className="p-8 text-muted">
        {t('dashboards.loading')}
      </p>
    );
  }
  if (!dashboard) return null;
  const shown = view === 'loaded' && draft?.id === id ? draft : null;
  return (
    <section className="flex flex-col gap-3 p-8">
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="flex-1 text-2xl font-semibold">{shown?.name ?? dashboard.name}</h1>
        {shown && editing && (
          <Button disabled={saving} onClick={() => editor.send({ type: 'dashboard.save' })}>
            {t('dashboardEditor.save')}
          </Button>
        )}
        {shown && (
          <Button
            variant="quiet"
            aria-pressed={editing}
            onClick={() => editor.send({ type: editing ? 'dashboard.leaveEdit' : 'dashboard.edit' })}
          >
            {editing ? t('dashboardEditor.done') : t('dashboardEditor.edit')}
          </Button>
        )}
      </header>
      {view === 'failed' && (
        <p className="text-muted">
          <Button variant="quiet" onClick={() => editor.send({ type: 'dashboard.reload' })}>
            {t('dashboardEditor.retry')}
          </Button>
        </p>
      )}
      {view !== 'failed' && !shown && (
        <p role="status" className="text-muted">
          {t('dashboardEditor.loading')}
        </p>
      )}
      {shown && <DashboardGrid actor={editor} />}
      <UnsavedChangesDialog actor={editor} />
    </section>
  );
}

/** The question on leaving edit mode with unsaved changes: save, discard, or keep editing. */
function UnsavedChangesDialog({ actor }: { actor: DashboardEditorActor }) {
  const t = useT();
  const open = useSelector(actor, selectIsConfirmingLeave);
  const saving = useSelector(actor, selectIsSaving);
  if (!open) return null;
  const stay = () => actor.send({ type: 'dashboard.stayEditing' });
  return (
    <Dialog
      title={t('dashboardEditor.unsavedTitle')}
      onClose={stay}
      onSubmit={() => actor.send({ type: 'dashboard.confirmSave' })}
      footer={
        <>
          <Button variant="quiet" onClick={stay}>
            {t('dashboardEditor.keepEditing')}
          </Button>
          <Button variant="quiet" onClick={() => actor.send({ type: 'dashboard.discard' })}>
            {t('dashboardEditor.discard')}
          </Button>
          <Button type="submit" disabled={saving}>
            {t('dashboardEditor.confirmSave')}
          </Button>
        </>
      }
    >
      <p>{t('dashboardEditor.unsavedText')}</p>
    </Dialog>
  );
}

/** The breadcrumb of a dashboard route: its name once the list knows it. */
export function useDashboardName(id: string | undefined): string | undefined {
  const actor = useDashboards();
  return useSelector(actor, (s) => (id ? s.context.dashboards.find((d) => d.id === id)?.name : undefined));
}
