import * as v from 'valibot';
import type { KyInstance } from 'ky';
import { HistoryResult, type HistoryQueryInput } from '#contracts';

/** Buffered history of lines (server/src/modules/history), answers parsed by the contract. */
export interface HistoryApi {
  /**
   * POST /api/v2/history/query: the buckets of each series over the range (and the comparison range shifted
   * onto it). `signal` aborts the request when its answer is no longer wanted (the range changed).
   */
  queryHistory(query: HistoryQueryInput, signal?: AbortSignal): Promise<HistoryResult>;
}

export function createHistoryApi(http: KyInstance): HistoryApi {
  return {
    queryHistory: async (query, signal) =>
      v.parse(HistoryResult, await http.post('v2/history/query', { json: query, signal }).json()),
  };
}
