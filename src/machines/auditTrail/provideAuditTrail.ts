import { fromPromise } from 'xstate';
import type { AuditApi, AuditRequest } from '../../services/api/audit';
import { AUDIT_LIMIT_MAX } from '#contracts';
import { midnightOf } from '../dateRange/dateText';
import type { AuditFilter } from './auditTrail.events';
import { AUDIT_PAGE, auditTrailMachine, type AuditPageQuery } from './auditTrailMachine';

/** The API's query of a filter: `to` takes in its whole day (the API's `to` is inclusive). */
export function auditRequestOf(filter: AuditFilter): AuditRequest {
  const text = (value: string) => value.trim() || undefined;
  return {
    from: filter.from ? midnightOf(filter.from) : undefined,
    to: filter.to ? new Date(Date.parse(midnightOf(filter.to, 1)) - 1).toISOString() : undefined,
    hexacode: text(filter.device)?.toUpperCase(),
    user: text(filter.user),
    action: filter.action || undefined,
  };
}

/** The audit trail bound to GET /api/v2/audit and the browser's downloads. */
export const provideAuditTrail = (api: AuditApi, saveFile: (fileName: string, blob: Blob) => void) =>
  auditTrailMachine.provide({
    actors: {
      loadEntries: fromPromise(async ({ input }: { input: AuditPageQuery }) => {
        const page = await api.fetchAudit({
          ...auditRequestOf(input.filter),
          before: input.before,
          limit: AUDIT_PAGE + 1,
        });
        return page.entries;
      }),
      // The file holds every matching entry the API gives in one answer (the newest AUDIT_LIMIT_MAX).
      downloadCsv: fromPromise(({ input }: { input: AuditPageQuery }) =>
        api.downloadAudit({ ...auditRequestOf(input.filter), limit: AUDIT_LIMIT_MAX }),
      ),
      checkChain: fromPromise(() => api.checkAuditChain()),
    },
    actions: {
      saveFile: (_, { fileName, blob }) => saveFile(fileName, blob),
    },
  });
