import { useSelector } from '@xstate/react';
import { AUDIT_ACTIONS, isOneOf } from '#contracts';
import {
  selectEntry,
  selectEntryCount,
  selectFiltered,
  type AuditTrailActor,
} from '../../../machines/auditTrail/auditTrail.selectors';
import { useT } from '../../i18n';
import { TABLE_CELL as CELL, STACKED_TABLE } from '../../primitives/PagedTable';
import { ScrollRegion } from '../../primitives/ScrollRegion';
import { useUserDates } from '../../useUserDates';
import { AuditChange } from './AuditChange';
import { AuditTarget } from './AuditTarget';

const COLUMNS = ['at', 'user', 'action', 'target', 'change'] as const;

function EntryRow({ actor, index }: { actor: AuditTrailActor; index: number }) {
  const t = useT();
  const { instant } = useUserDates();
  const entry = useSelector(actor, selectEntry(index));
  if (!entry) return null;
  const label = (column: (typeof COLUMNS)[number]) => t(`audit.column.${column}`);
  return (
    <tr className="border-t border-muted/20 align-top">
      <td className={`${CELL} whitespace-nowrap`} data-label={label('at')}>
        {instant(entry.at)}
      </td>
      <td className={CELL} data-label={label('user')}>
        {entry.actingAs ? t('audit.actingAs', { user: entry.user, account: entry.actingAs }) : entry.user}
      </td>
      {/* An entry of a kind this version does not know (written by a newer one) shows its code. */}
      <td className={CELL} data-label={label('action')}>
        {isOneOf(AUDIT_ACTIONS, entry.action) ? t(`audit.action.${entry.action}`) : entry.action}
      </td>
      <td className={CELL} data-label={label('target')}>
        <AuditTarget target={entry.target} />
      </td>
      <td className={`${CELL} [overflow-wrap:anywhere]`} data-label={label('change')}>
        <AuditChange before={entry.before} after={entry.after} />
      </td>
    </tr>
  );
}

/** The entries shown, newest first: when, who (and as whom), what kind of change, of what, from what to what. */
export function AuditEntries({ actor }: { actor: AuditTrailActor }) {
  const t = useT();
  const count = useSelector(actor, selectEntryCount);
  const filtered = useSelector(actor, selectFiltered);
  if (count === 0) return <p>{t(filtered ? 'audit.noneMatch' : 'audit.none')}</p>;
  return (
    <ScrollRegion label={t('audit.entries')} className="max-h-[55vh]">
      <table aria-label={t('audit.entries')} className={`${STACKED_TABLE} sm:min-w-[640px]`}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={CELL}>
                {t(`audit.column.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: count }, (_, index) => (
            <EntryRow key={index} actor={actor} index={index} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
