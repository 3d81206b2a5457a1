import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { selectAccountDialog } from '../../../machines/app/app.selectors';
import type { MessageId } from '../../../i18n/messages';
import type { SupportField } from '../../../machines/supportRequest/supportRequest.events';
import {
  selectCanSendCopy,
  selectField,
  selectFieldError,
  selectIsSending,
  selectSendError,
  selectSendsCopy,
} from '../../../machines/supportRequest/supportRequest.selectors';
import type { supportRequestMachine } from '../../../machines/supportRequest/supportRequestMachine';
import { SUPPORT_DESCRIPTION_MAX_LENGTH, SUPPORT_TITLE_MAX_LENGTH } from '#contracts';
import { AppActor } from '../../appActor';
import { useT } from '../../i18n';
import { FormDialog } from '../../primitives/Dialog';
import { TextField } from '../../primitives/TextField';
import { FieldNote } from '../../primitives/FieldNote';

type SupportRequestActor = ActorRefFrom<typeof supportRequestMachine>;

const MAX = { title: SUPPORT_TITLE_MAX_LENGTH, description: SUPPORT_DESCRIPTION_MAX_LENGTH, email: 0 };
const selectTitle = selectField('title');
const selectDescription = selectField('description');
const selectEmail = selectField('email');
const selectTitleError = selectFieldError('title');
const selectDescriptionError = selectFieldError('description');
const selectEmailError = selectFieldError('email');

/** SPEC §2 bug report and feature request: one form; the open account dialog says which of the two it is. */
export default function SupportRequestDialog({ actor: anyActor }: { actor: AnyActorRef }) {
  const actor = anyActor as SupportRequestActor;
  const t = useT();
  const kind =
    AppActor.useSelector(selectAccountDialog) === 'featureRequest' ? 'featureRequest' : 'bugReport';
  const sending = useSelector(actor, selectIsSending);
  const canSendCopy = useSelector(actor, selectCanSendCopy);
  const sendsCopy = useSelector(actor, selectSendsCopy);
  const sendError = useSelector(actor, selectSendError);
  const descriptionId = useId();
  const title = useSelector(actor, selectTitle);
  const description = useSelector(actor, selectDescription);
  const email = useSelector(actor, selectEmail);
  // A field's message, with the length limit its text may name.
  const message = (field: SupportField, id: MessageId | null) => (id ? t(id, { max: MAX[field] }) : null);
  const titleError = message('title', useSelector(actor, selectTitleError));
  const descriptionError = message('description', useSelector(actor, selectDescriptionError));
  const emailError = message('email', useSelector(actor, selectEmailError));
  const edit = (field: SupportField) => (text: string) =>
    actor.send({ type: 'support.edit', field, value: text });
  const cancel = () => actor.send({ type: 'support.cancel' });
  const copyHintId = `${descriptionId}-copy`;

  return (
    <FormDialog
      title={t(`support.${kind}`)}
      onCancel={cancel}
      onSubmit={() => actor.send({ type: 'support.submit' })}
      submitLabel={sending ? t('support.sending') : t('support.send')}
      busy={sending}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t(`support.${kind}.intro`)}</p>
        <TextField
          label={t('support.field.title')}
          value={title}
          onValueChange={edit('title')}
          error={titleError}
          maxLength={SUPPORT_TITLE_MAX_LENGTH}
          disabled={sending}
          required
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={descriptionId} className="text-sm font-medium">
            {t('support.field.description')}
          </label>
          <textarea
            id={descriptionId}
            value={description}
            onChange={(event) => edit('description')(event.target.value)}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? `${descriptionId}-error` : undefined}
            maxLength={SUPPORT_DESCRIPTION_MAX_LENGTH}
            rows={6}
            disabled={sending}
            required
            className="w-full rounded border border-muted/40 bg-surface px-3 py-2 outline-none focus:border-primary aria-invalid:border-error"
          />
          <FieldNote id={`${descriptionId}-error`}>{descriptionError}</FieldNote>
        </div>
        <TextField
          label={t('support.field.email')}
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={edit('email')}
          error={emailError}
          hint={t('support.field.emailHint')}
          disabled={sending}
        />
        {/* Inside its label: the whole row is what a finger hits (44 px high on a touch screen). */}
        <label className="flex min-h-11 items-center gap-2 has-disabled:text-muted">
          <input
            type="checkbox"
            checked={sendsCopy}
            disabled={sending || !canSendCopy}
            aria-describedby={canSendCopy ? undefined : copyHintId}
            onChange={(event) => actor.send({ type: 'support.copyToggled', value: event.target.checked })}
            className="size-4 accent-primary"
          />
          {t('support.field.sendMeACopy')}
        </label>
        {canSendCopy ? null : (
          <p id={copyHintId} className="-mt-3 text-sm text-muted">
            {t('support.field.sendMeACopyHint')}
          </p>
        )}
        <FieldNote>{sendError && t(sendError)}</FieldNote>
      </div>
    </FormDialog>
  );
}
