import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  selectDraft,
  selectIsDirty,
  selectIsEditing,
  selectIsSaving,
  selectView,
} from '../../machines/dashboardEditor/dashboardEditor.selectors';
import { selectDashboard, selectIsLoaded } from '../../machines/dashboards/dashboards.selectors';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { DashboardEditorDialogs } from './DashboardEditorDialogs';
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
  useConfirmUnload(useSelector(editor, selectIsDirty));
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
    // A phone gives the widgets its width (at 360 px, 324 px a widget): the margins grow with the screen.
    <section className="flex flex-col gap-3 px-2 py-4 sm:p-8">
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="flex-1 text-2xl font-semibold">{shown?.name ?? dashboard.name}</h1>
        {shown && editing && <EditModeActions actor={editor} id={id} saving={saving} />}
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
      <DashboardEditorDialogs actor={editor} />
    </section>
  );
}

/** The buttons of edit mode (SPEC §2): add widget, rename, delete the dashboard, save. */
function EditModeActions({
  actor,
  id,
  saving,
}: {
  actor: DashboardEditorActor;
  id: string;
  saving: boolean;
}) {
  const t = useT();
  const dashboards = useDashboards();
  return (
    <>
      <Button variant="quiet" onClick={() => actor.send({ type: 'dashboard.addWidget' })}>
        {t('dashboardEditor.addWidget')}
      </Button>
      <Button variant="quiet" onClick={() => actor.send({ type: 'dashboard.rename' })}>
        {t('dashboardEditor.rename')}
      </Button>
      <Button variant="quiet" onClick={() => dashboards.send({ type: 'dashboards.delete', id })}>
        {t('dashboardEditor.deleteDashboard')}
      </Button>
      <Button disabled={saving} onClick={() => actor.send({ type: 'dashboard.save' })}>
        {t('dashboardEditor.save')}
      </Button>
    </>
  );
}

/** While edits are unsaved, closing or reloading the tab asks the browser's own question first. */
function useConfirmUnload(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}

/** The breadcrumb of a dashboard route: its name once the list knows it. */
export function useDashboardName(id: string | undefined): string | undefined {
  const actor = useDashboards();
  return useSelector(actor, (s) => (id ? s.context.dashboards.find((d) => d.id === id)?.name : undefined));
}
