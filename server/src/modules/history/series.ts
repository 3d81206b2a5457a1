import type { HistorySeries, HistorySeriesRequest } from '#contracts';
import type { AdfRegistry } from '../../gateway/adf/loader';
import { lineLabel, type LineLabel } from './lines';
import type { HistoryBuffer, HistoryRepository } from './repository';

/** A series request checked against the tenant's devices and buffers: what to read, or why nothing. */
export interface ResolvedSeries {
  request: HistorySeriesRequest;
  status: HistorySeries['status'];
  name: string | null;
  unit: string | null;
  options: LineLabel['options'];
  buffer: { id: number; intervalMs: number } | null;
}

const sameLine = (b: HistoryBuffer, r: HistorySeriesRequest, hexacode: string) =>
  b.hexacode === hexacode &&
  b.department === r.department &&
  b.subDepartment === r.subDepartment &&
  b.page === r.page &&
  b.line === r.line;

/**
 * Resolves each request in the tenant: DEVICE_NOT_FOUND (also for another tenant's device), LINE_NOT_PRESENT,
 * UNAUTHORIZED (a PC number the caller marked), BUFFER_NOT_PRESENT, else OK with the buffer to read.
 */
export async function resolveSeries(
  repository: HistoryRepository,
  adfs: AdfRegistry,
  tenantId: string,
  requests: readonly HistorySeriesRequest[],
  unauthorized: (request: HistorySeriesRequest) => boolean,
  /** The caller's language: names and states of ADF lines are answered in it. */
  language: string,
): Promise<ResolvedSeries[]> {
  const hexacodes = [...new Set(requests.map((r) => r.hexacode.toUpperCase()))];
  const [devices, buffers] = await Promise.all([
    repository.devices(tenantId, hexacodes),
    repository.buffers(tenantId, hexacodes),
  ]);
  const deviceOf = new Map(devices.map((d) => [d.hexacode, d]));
  return requests.map((request): ResolvedSeries => {
    const hexacode = request.hexacode.toUpperCase();
    const none = { request, name: null, unit: null, options: null, buffer: null };
    const device = deviceOf.get(hexacode);
    if (!device) return { ...none, status: 'DEVICE_NOT_FOUND' };
    const label = lineLabel(adfs, device, request, language);
    if (!label) return { ...none, status: 'LINE_NOT_PRESENT' };
    const named = { ...none, ...label };
    if (unauthorized(request)) return { ...named, status: 'UNAUTHORIZED' };
    const buffer = buffers.find((b) => sameLine(b, request, hexacode) && b.pcNumber === request.pcNumber);
    if (!buffer) return { ...named, status: 'BUFFER_NOT_PRESENT' };
    return { ...named, status: 'OK', buffer: { id: buffer.id, intervalMs: buffer.intervalSeconds * 1000 } };
  });
}
