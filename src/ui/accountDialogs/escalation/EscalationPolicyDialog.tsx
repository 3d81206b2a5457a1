import { useSelector } from '@xstate/react';
import { useId, type KeyboardEvent } from 'react';
import type { AnyActorRef } from 'xstate';
import {
  ESCALATION_TABS,
  type EscalationPolicyEvent,
  type EscalationTab,
} from '../../../machines/escalationPolicy/escalationPolicy.events';
import {
  selectProblem,
  selectSaved,
  selectTab,
  selectView,
  type EscalationPolicyActor,
} from '../../../machines/escalationPolicy/escalationPolicy.selectors';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { Dialog } from '../../primitives/Dialog';
import { ErrorAlert } from '../../primitives/ErrorAlert';
import { CodeRows } from './CodeRows';
import { useFieldError } from './fields';
import { PlanLevels } from './PlanLevels';
import { PolicyTimes } from './PolicyTimes';

/** The tabs of the policy; the arrow keys move between them (WAI-ARIA tabs pattern). */
function Tabs({ actor, panelId }: { actor: EscalationPolicyActor; panelId: string }) {
  const t = useT();
  const tab = useSelector(actor, selectTab);
  const choose = (next: EscalationTab) => actor.send({ type: 'escalation.tabChose', tab: next });
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = ESCALATION_TABS[(ESCALATION_TABS.indexOf(tab) + step + 3) % 3]!;
    choose(next);
    document.getElementById(`${panelId}-${next}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('escalation.tabs')}
      className="flex flex-wrap gap-1 border-b border-muted/30"
    >
      {ESCALATION_TABS.map((name) => (
        <button
          key={name}
          id={`${panelId}-${name}`}
          type="button"
          role="tab"
          aria-selected={tab === name}
          aria-controls={panelId}
          tabIndex={tab === name ? 0 : -1}
          onKeyDown={onKeyDown}
          onClick={() => choose(name)}
          className={`rounded-t px-3 py-2 ${tab === name ? 'border-b-2 border-primary font-semibold' : 'hover:bg-muted/15'}`}
        >
          {t(`escalation.tab.${name}`)}
        </button>
      ))}
    </div>
  );
}

/** What the dialog says above the form: a refusal while acting as another user, a failure, a success. */
function Notices({ actor }: { actor: EscalationPolicyActor }) {
  const t = useT();
  const view = useSelector(actor, selectView);
  const problem = useSelector(actor, selectProblem);
  const saved = useSelector(actor, selectSaved);
  const formError = useFieldError(actor, 'form');
  if (view === 'loading') return <p role="status">{t('escalation.loading')}</p>;
  if (view === 'saving') return <p role="status">{t('escalation.saving')}</p>;
  if (problem === 'forbidden') return <ErrorAlert>{t('escalation.forbidden')}</ErrorAlert>;
  if (problem === 'unavailable')
    return (
      <ErrorAlert>{t(view === 'loadFailed' ? 'escalation.loadFailed' : 'escalation.saveFailed')}</ErrorAlert>
    );
  if (formError) return <ErrorAlert>{formError}</ErrorAlert>;
  return saved ? <p role="status">{t('escalation.saved')}</p> : null;
}

/**
 * The administrators' escalation policy (issue 31): the common plan and each priority's own (levels with their
 * recipients, channels and bands, the repeat), the longest shelving, working hours and weekly test alarm; the priorities and delays of alarm codes on their own tabs.
 */
export default function EscalationPolicyDialog({ actor: anyActor }: { actor: AnyActorRef }) {
  const actor = anyActor as EscalationPolicyActor;
  const t = useT();
  const view = useSelector(actor, selectView);
  const tab = useSelector(actor, selectTab);
  const panelId = useId();
  const send = (event: EscalationPolicyEvent) => actor.send(event);
  const close = () => send({ type: 'escalation.close' });
  const editable = view === 'editing' || view === 'saving';
  return (
    <Dialog
      title={t('escalation.title')}
      width="max-w-[800px]"
      onClose={close}
      onSubmit={() =>
        send(view === 'loadFailed' ? { type: 'escalation.retry' } : { type: 'escalation.save' })
      }
      footer={
        <>
          <Button variant="quiet" onClick={close}>
            {t('escalation.close')}
          </Button>
          {view === 'loadFailed' ? <Button type="submit">{t('escalation.retry')}</Button> : null}
          {editable ? (
            <Button type="submit" disabled={view === 'saving'}>
              {t('escalation.save')}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Notices actor={actor} />
        {editable ? (
          <>
            <Tabs actor={actor} panelId={panelId} />
            <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${tab}`}>
              {tab === 'levels' ? (
                <div className="flex flex-col gap-4">
                  <PlanLevels actor={actor} />
                  <PolicyTimes actor={actor} />
                </div>
              ) : (
                <CodeRows actor={actor} list={tab === 'delays' ? 'delays' : 'codePriorities'} />
              )}
            </div>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
