import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { DashboardImport, ErrorBody } from '#contracts';
import { server } from '../../ui/setup';

/**
 * The outside world of the import wizard's path tests: the browser reading a chosen file, and the server's
 * device tree and import calls, each held until the path plays how it ends.
 */

/** A chosen file that names itself in JSON, so the model tells two files apart. */
export class NamedFile extends File {
  toJSON() {
    return this.name;
  }
}

/** Held work: the answer is given when the path plays it. */
interface Held<T> {
  waiting: T | null;
}

const failure = (message: string) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode: 500, code: 'INTERNAL', error: 'INTERNAL', message }), {
    status: 500,
  });

/**
 * The browser's FileReader, paused: a read starts when the wizard asks, and loads (the real reader runs) or
 * fails (as a file removed from disk does) when the path says.
 */
export function heldFileReads() {
  const read = FileReader.prototype.readAsText;
  const held: Held<{ reader: FileReader; blob: Blob }> = { waiting: null };
  const spy = vi.spyOn(FileReader.prototype, 'readAsText').mockImplementation(function (
    this: FileReader,
    blob: Blob,
  ) {
    held.waiting = { reader: this, blob };
  });
  const take = async () => {
    await vi.waitFor(() => expect(held.waiting, 'a file read waits').not.toBeNull());
    const { reader, blob } = held.waiting!;
    held.waiting = null;
    return { reader, blob };
  };
  return {
    waiting: () => held.waiting !== null,
    load: async () => {
      const { reader, blob } = await take();
      read.call(reader, blob);
    },
    fail: async () => {
      const { reader } = await take();
      reader.onerror?.call(reader, new ProgressEvent('error') as ProgressEvent<FileReader>);
    },
    stop: () => spy.mockRestore(),
  };
}

/**
 * GET /api/v2/devices/ (once asked to hold it) and POST /api/v2/dashboards/import, held: the device tree and
 * the import then fall through to the ordinary handlers (the fixture tree; the in-memory dashboards list), or
 * fail.
 */
export function heldImportServer() {
  const devices: Held<(fail: boolean) => void> = { waiting: null };
  const imports: Held<(fail: boolean) => void> = { waiting: null };
  const bodies: DashboardImport[] = [];
  const state = { holdDevices: false };
  const hold = (into: Held<(fail: boolean) => void>, message: string) =>
    new Promise<Response | undefined>((resolve) => {
      into.waiting = (fail) => resolve(fail ? failure(message) : undefined);
    });
  server.use(
    http.get('*/api/v2/devices/', () => (state.holdDevices ? hold(devices, 'Tree unavailable') : undefined)),
    http.post('*/api/v2/dashboards/import', async ({ request }) => {
      bodies.push(v.parse(DashboardImport, await request.clone().json()));
      return hold(imports, 'Database unavailable');
    }),
  );
  const answer = async (into: Held<(fail: boolean) => void>, fail: boolean, what: string) => {
    await vi.waitFor(() => expect(into.waiting, `${what} waits`).not.toBeNull());
    const respond = into.waiting!;
    into.waiting = null;
    respond(fail);
  };
  return {
    bodies,
    /** From now on the device tree is held (the wizard's request, not the sidebar's at sign-in). */
    holdDevices: () => void (state.holdDevices = true),
    devicesWaiting: () => devices.waiting !== null,
    importWaiting: () => imports.waiting !== null,
    answerDevices: (fail: boolean) => answer(devices, fail, 'the device tree request'),
    answerImport: (fail: boolean) => answer(imports, fail, 'the import'),
  };
}
