import { useSelector } from '@xstate/react';
import {
  selectDeleteConfirmation,
  selectGroupDeleteConfirmation,
  selectGroupForm,
  selectImportWizard,
  selectIsSaving,
  selectPrompt,
  selectShownDashboards,
  selectSortingDraft,
} from '../../machines/dashboards/dashboards.selectors';
import { SORT_DIRECTIONS, SORT_MODES } from '#contracts';
import { useT } from '../i18n';
import { Checkbox } from '../primitives/Checkbox';
import { CancelSubmit, Dialog, FormDialog } from '../primitives/Dialog';
import { RadioGroup } from '../primitives/RadioGroup';
import { TextField } from '../primitives/TextField';
import { ImportDashboardDialog } from './ImportDashboardDialog';
import type { DashboardsActor } from './useDashboards';

/**
 * The dialogs of the dashboards list: the title prompt (create, rename), the delete confirmation, sorting
 * settings, the group, and the import wizard.
 */
export function DashboardsDialogs({ actor }: { actor: DashboardsActor }) {
  const prompt = useSelector(actor, selectPrompt);
  const deleting = useSelector(actor, selectDeleteConfirmation);
  const deletingGroup = useSelector(actor, selectGroupDeleteConfirmation);
  const sorting = useSelector(actor, selectSortingDraft);
  const group = useSelector(actor, selectGroupForm);
  const wizard = useSelector(actor, selectImportWizard);
  if (prompt) return <PromptDialog actor={actor} />;
  if (deleting !== null) return <DeleteDialog actor={actor} name={deleting} kind="dashboard" />;
  if (deletingGroup !== null) return <DeleteDialog actor={actor} name={deletingGroup} kind="group" />;
  if (sorting) return <SortingDialog actor={actor} />;
  if (group) return <GroupDialog actor={actor} />;
  if (wizard) return <ImportDashboardDialog wizard={wizard} />;
  return null;
}

/** SPEC §2: deleting a dashboard asks first; so does deleting a group. */
function DeleteDialog({
  actor,
  name,
  kind,
}: {
  actor: DashboardsActor;
  name: string;
  kind: 'dashboard' | 'group';
}) {
  const t = useT();
  const texts = {
    dashboard: {
      title: t('dashboards.deleteConfirmTitle'),
      question: t('dashboards.deleteConfirm', { name }),
    },
    group: { title: t('dashboards.deleteGroup'), question: t('dashboards.deleteGroupConfirm', { name }) },
  }[kind];
  const cancel = () => actor.send({ type: 'dashboards.cancelDelete' });
  return (
    <FormDialog
      title={texts.title}
      onCancel={cancel}
      onSubmit={() => actor.send({ type: 'dashboards.confirmDelete' })}
      submitLabel={t('dashboards.delete')}
      cancelLabel={t('dashboards.cancel')}
    >
      <p>{texts.question}</p>
    </FormDialog>
  );
}

function Footer({ actor, cancel }: { actor: DashboardsActor; cancel: () => void }) {
  const t = useT();
  const saving = useSelector(actor, selectIsSaving);
  return (
    <CancelSubmit
      cancelLabel={t('dashboards.cancel')}
      onCancel={cancel}
      submitLabel={t('dashboards.save')}
      submitDisabled={saving}
    />
  );
}

function PromptDialog({ actor }: { actor: DashboardsActor }) {
  const t = useT();
  const prompt = useSelector(actor, selectPrompt);
  if (!prompt) return null;
  const cancel = () => actor.send({ type: 'prompt.cancel' });
  return (
    <Dialog
      title={t(prompt.kind === 'create' ? 'dashboards.createTitle' : 'dashboards.renameTitle')}
      onClose={cancel}
      onSubmit={() => actor.send({ type: 'prompt.submit' })}
      footer={<Footer actor={actor} cancel={cancel} />}
    >
      <TextField
        label={t('dashboards.titleField')}
        value={prompt.value}
        error={prompt.error ? t(prompt.error) : null}
        onValueChange={(value) => actor.send({ type: 'prompt.change', value })}
      />
    </Dialog>
  );
}

function SortingDialog({ actor }: { actor: DashboardsActor }) {
  const t = useT();
  const sorting = useSelector(actor, selectSortingDraft);
  if (!sorting) return null;
  const cancel = () => actor.send({ type: 'sorting.cancel' });
  return (
    <Dialog
      title={t('dashboards.sortingTitle')}
      onClose={cancel}
      onSubmit={() => actor.send({ type: 'sorting.submit' })}
      footer={<Footer actor={actor} cancel={cancel} />}
    >
      <div className="flex flex-col gap-3">
        <RadioGroup
          legend={t('dashboards.sortMode')}
          value={sorting.sortMode}
          choices={SORT_MODES.map((mode) => ({ value: mode, label: t(`dashboards.sortMode.${mode}`) }))}
          onValueChange={(mode) => actor.send({ type: 'sorting.mode', mode })}
        />
        <RadioGroup
          legend={t('dashboards.sortDirection')}
          value={sorting.sortDirection}
          choices={SORT_DIRECTIONS.map((direction) => ({
            value: direction,
            label: t(`dashboards.sortDirection.${direction}`),
          }))}
          onValueChange={(direction) => actor.send({ type: 'sorting.direction', direction })}
        />
      </div>
    </Dialog>
  );
}

function GroupDialog({ actor }: { actor: DashboardsActor }) {
  const t = useT();
  const group = useSelector(actor, selectGroupForm);
  const dashboards = useSelector(actor, selectShownDashboards);
  if (!group) return null;
  const cancel = () => actor.send({ type: 'group.cancel' });
  return (
    <Dialog
      title={t(group.id ? 'dashboards.groupEditTitle' : 'dashboards.groupCreateTitle')}
      onClose={cancel}
      onSubmit={() => actor.send({ type: 'group.submit' })}
      footer={<Footer actor={actor} cancel={cancel} />}
    >
      <TextField
        label={t('dashboards.groupName')}
        value={group.name}
        error={group.error ? t(group.error) : null}
        onValueChange={(value) => actor.send({ type: 'group.name', value })}
      />
      <fieldset className="mt-3 flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('dashboards.groupDashboards')}</legend>
        {dashboards.map((dashboard) => (
          <Checkbox
            key={dashboard.id}
            label={dashboard.name}
            checked={group.dashboardIds.includes(dashboard.id)}
            onCheckedChange={() => actor.send({ type: 'group.toggleDashboard', id: dashboard.id })}
          />
        ))}
      </fieldset>
    </Dialog>
  );
}
