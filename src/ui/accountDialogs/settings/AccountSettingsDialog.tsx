import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import {
  selectIsSaving,
  selectIsSettingUpTwoFactor,
  selectLoadFailure,
  selectView,
  type AccountSettingsActor,
} from '../../../machines/accountSettings/accountSettings.selectors';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { CancelSubmit, Dialog } from '../../primitives/Dialog';
import { TwoFactorSetupHost } from '../twoFactor/TwoFactorSetupHost';
import { AlarmExportFields } from './AlarmExportFields';
import { AccountFields, FormatFields, SidebarFields } from './SettingsSections';

/** SPEC §2/§3 account settings: the personal settings, shown by grant (SPEC §6), checked before saving (SPEC §5). */
export default function AccountSettingsDialog({ actor: anyActor }: { actor: AnyActorRef }) {
  const actor = anyActor as AccountSettingsActor;
  const t = useT();
  const view = useSelector(actor, selectView);
  const loadFailure = useSelector(actor, selectLoadFailure);
  const saving = useSelector(actor, selectIsSaving);
  const settingUpTwoFactor = useSelector(actor, selectIsSettingUpTwoFactor);
  const cancel = () => actor.send({ type: 'settings.cancel' });

  return (
    <Dialog
      title={t('accountSettings.title')}
      width="max-w-[800px]"
      onClose={() => (saving || settingUpTwoFactor ? undefined : cancel())}
      onSubmit={() => (view === 'form' ? actor.send({ type: 'settings.save' }) : undefined)}
      footer={
        <CancelSubmit
          cancelLabel={t('dialog.cancel')}
          onCancel={cancel}
          submitLabel={saving ? t('accountSettings.saving') : t('dialog.save')}
          busy={saving}
          submitDisabled={view !== 'form'}
        />
      }
    >
      {view === 'loading' ? (
        <p role="status" className="text-muted">
          {t('accountSettings.loading')}
        </p>
      ) : null}
      {view === 'loadFailed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-4">
          <span>{loadFailure ? t(loadFailure) : null}</span>
          <Button variant="quiet" onClick={() => actor.send({ type: 'settings.retry' })}>
            {t('accountSettings.retry')}
          </Button>
        </div>
      ) : null}
      {view === 'form' ? (
        // Disabled as a whole while the server has the settings or the two-factor setup is open over it.
        <fieldset
          disabled={saving || settingUpTwoFactor}
          className="grid min-w-0 grid-cols-1 gap-x-8 gap-y-6 md:grid-cols-2"
        >
          <SidebarFields actor={actor} />
          <FormatFields actor={actor} />
          <AccountFields actor={actor} />
          <AlarmExportFields actor={actor} />
        </fieldset>
      ) : null}
      {settingUpTwoFactor ? <TwoFactorSetupHost /> : null}
    </Dialog>
  );
}
