import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AuditBreak, AuditEntry } from '#contracts';
import type { MessageId } from '../../i18n/messages';
import { auditFilterErrors } from './auditFilter';
import type { AuditFilterField } from './auditTrail.events';
import type { AuditTask, auditTrailMachine } from './auditTrailMachine';

type AuditTrailSnapshot = SnapshotFrom<typeof auditTrailMachine>;
export type AuditTrailActor = ActorRefFrom<typeof auditTrailMachine>;

export type AuditTrailView = 'loading' | 'loadFailed' | 'shown';

export const selectView = (s: AuditTrailSnapshot): AuditTrailView =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : 'shown';

/** What the dialog waits for while the entries show: the next page, the CSV, the chain's check, or nothing. */
export const selectBusy = (s: AuditTrailSnapshot): AuditTask | 'idle' =>
  s.matches('loadingOlder')
    ? 'older'
    : s.matches('downloading')
      ? 'download'
      : s.matches('checkingChain')
        ? 'chain'
        : 'idle';

/** Whether the filters take edits and the buttons act: only while the entries show and nothing loads. */
export const selectIdle = (s: AuditTrailSnapshot): boolean => s.matches('shown');

export const selectFilterValue =
  (field: AuditFilterField) =>
  (s: AuditTrailSnapshot): string =>
    s.context.draft[field];

/** The catalogue key of why `field` cannot be applied, once an apply was refused; '' when it can. */
export const selectFilterError =
  (field: AuditFilterField) =>
  (s: AuditTrailSnapshot): MessageId | '' =>
    s.context.showErrors ? (auditFilterErrors(s.context.draft)[field] ?? '') : '';

/** Whether the entries shown are narrowed by a filter (else they are the whole trail). */
export const selectFiltered = (s: AuditTrailSnapshot): boolean =>
  Object.values(s.context.applied).some((value) => value.trim() !== '');

export const selectEntryCount = (s: AuditTrailSnapshot): number => s.context.entries.length;
/** The entry at `index` of those shown (the same object until the list changes). */
export const selectEntry =
  (index: number) =>
  (s: AuditTrailSnapshot): AuditEntry | undefined =>
    s.context.entries[index];
export const selectHasOlder = (s: AuditTrailSnapshot): boolean => s.context.hasOlder;
export const selectFailure = (s: AuditTrailSnapshot): AuditTask | null => s.context.failure;

/** What the last check of the chain found: not checked, whole, or broken. */
export const selectChainState = (s: AuditTrailSnapshot): 'unchecked' | 'intact' | 'broken' =>
  !s.context.chain ? 'unchecked' : s.context.chain.broken ? 'broken' : 'intact';
/** How many entries hold from the first on. */
export const selectChainEntries = (s: AuditTrailSnapshot): number => s.context.chain?.entries ?? 0;
/** The entry where the chain stops holding (0 when it holds). */
export const selectChainBrokenAt = (s: AuditTrailSnapshot): number => s.context.chain?.broken?.seq ?? 0;
export const selectChainBreak = (s: AuditTrailSnapshot): AuditBreak | null =>
  s.context.chain?.broken?.reason ?? null;
