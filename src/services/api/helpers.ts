import * as v from 'valibot';
import { HTTPError } from 'ky';
import { DashboardVersionConflict } from '#contracts';

/** Thrown by dashboard and widget saves answered 409: someone saved first; `currentVersion` is the stored one. */
export class DashboardConflictError extends Error {
  constructor(readonly currentVersion: number) {
    super('DASHBOARD_VERSION_CONFLICT');
    this.name = 'DashboardConflictError';
  }
}

/** Rethrows a 409 carrying the stored version as DashboardConflictError, anything else as it came. */
export async function conflictOr(error: unknown): Promise<never> {
  if (error instanceof HTTPError && error.response.status === 409) {
    const parsed = v.safeParse(DashboardVersionConflict, await error.response.json().catch(() => null));
    if (parsed.success) throw new DashboardConflictError(parsed.output.currentVersion);
  }
  throw error;
}

/** The file name of a content-disposition header (RFC 5987 form first). */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** Search params without the entries left undefined, so optional query fields are not sent as "undefined". */
export const params = (entries: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

/** Whole minutes of a Retry-After in seconds (the server's form), rounded up; 0 when there is none to read. */
export function retryAfterMinutes(value: string | null): number {
  const seconds = value !== null && /^\d+$/.test(value.trim()) ? Number(value) : 0;
  return Math.ceil(seconds / 60);
}
