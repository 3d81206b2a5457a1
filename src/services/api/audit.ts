import * as v from 'valibot';
import type { KyInstance } from 'ky';
import { AuditChain, AuditPage, type AuditAction } from '#contracts';
import { fileNameOf, params } from './helpers';

/** Which entries: those in [from, to] (instants), of a device, a user, a kind of change, before an entry's seq. */
export interface AuditRequest {
  from?: string;
  to?: string;
  hexacode?: string;
  user?: string;
  action?: AuditAction;
  before?: number;
  limit?: number;
}

/**
 * GET /api/v2/audit (administrators): the tenant's audit trail, newest first, as JSON or as a CSV file; and
 * GET /api/v2/audit/chain: whether its hash chain holds.
 */
export interface AuditApi {
  fetchAudit(request: AuditRequest): Promise<AuditPage>;
  downloadAudit(request: AuditRequest): Promise<{ fileName: string; blob: Blob }>;
  checkAuditChain(): Promise<AuditChain>;
}

const PATH = 'v2/audit';

const searchOf = (request: AuditRequest, format: 'json' | 'csv') =>
  params({
    ...request,
    before: request.before?.toString(),
    limit: request.limit?.toString(),
    format,
  });

export function createAuditApi(http: KyInstance): AuditApi {
  return {
    fetchAudit: async (request) =>
      v.parse(AuditPage, await http.get(PATH, { searchParams: searchOf(request, 'json') }).json()),
    downloadAudit: async (request) => {
      const response = await http.get(PATH, { searchParams: searchOf(request, 'csv') });
      return {
        fileName: fileNameOf(response.headers.get('content-disposition'), 'audit.csv'),
        blob: await response.blob(),
      };
    },
    checkAuditChain: async () => v.parse(AuditChain, await http.get(`${PATH}/chain`).json()),
  };
}
