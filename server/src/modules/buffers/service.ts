import { hasGrant, type AvailableBuffer, type LineStatus, type Widget, type WidgetElement } from '#contracts';
import type { Clock } from '../../clock';
import type { LineAddress } from '../../gateway/gateway';
import type { AccountService } from '../account/service';
import type { AuthSession } from '../auth/service';
import type { BufferAddress, BuffersRepository } from './repository';
import {
  allowedPcNumbers,
  buffersNotAllowed,
  defaultInterval,
  intervalTooShort,
  lineNotRecordable,
  mayUsePcNumber,
} from './rules';

/** How the service learns whether a line exists (the gateway, through the device runtime). */
export interface LineLookup {
  readLine(address: LineAddress): Promise<{ status: LineStatus }>;
}

/** Lines that cannot hold a buffer: the device, its model, department, page or line is not there. */
const UNRECORDABLE: readonly LineStatus[] = [
  'DEVICE_NOT_FOUND',
  'ADF_NOT_FOUND',
  'DEPARTMENT_NOT_PRESENT',
  'PAGE_NOT_PRESENT',
  'LINE_NOT_PRESENT_IN_ADF',
];

const addressOf = (e: WidgetElement): BufferAddress | null =>
  e.hexacode &&
  e.department != null &&
  e.subDepartment != null &&
  e.pageNumber != null &&
  e.lineNumber != null
    ? {
        hexacode: e.hexacode.toUpperCase(),
        department: e.department,
        subDepartment: e.subDepartment,
        page: e.pageNumber,
        line: e.lineNumber,
      }
    : null;

/** Buffers as the API shows them and as dashboard saves and imports create them (SPEC §3, §4, §6). */
export function createBuffersService(deps: {
  repository: BuffersRepository;
  account: AccountService;
  lines: LineLookup;
  clock: Clock;
}) {
  const { repository, account, lines, clock } = deps;
  const changeListeners = new Set<() => void>();

  /** Creates or changes the buffer an element asks for; answers the element as stored. */
  async function ensure(session: AuthSession, element: WidgetElement, field: string): Promise<WidgetElement> {
    const address = addressOf(element);
    if (!address) throw lineNotRecordable(field, 'no line chosen');
    const { status } = await lines.readLine({ ...address, tenant: session.tenant.name });
    if (UNRECORDABLE.includes(status)) throw lineNotRecordable(field, status);
    const settings = await account.get(session.tenant.id, session.user.id);
    const requested = element.useDefaultPcNumber
      ? settings.defaultPcNumber
      : (element.buffer?.pcNumber ?? element.pcNumber ?? settings.defaultPcNumber);
    // SPEC §4: a PC number the user may not use gives way to the default one, and the element follows it.
    const usable = mayUsePcNumber(allowedPcNumbers(session.authorities, settings), requested);
    const pcNumber = usable ? requested : settings.defaultPcNumber;
    const intervalSeconds = element.buffer?.interval ?? defaultInterval(settings);
    if (intervalSeconds < settings.minBufferInterval)
      throw intervalTooShort(`${field}.interval`, settings.minBufferInterval);
    const startAt = element.buffer?.start ? new Date(element.buffer.start) : clock.now();
    const row = await repository.upsert(
      session.tenant.id,
      { ...address, pcNumber, intervalSeconds, startAt },
      clock.now(),
    );
    return {
      ...element,
      pcNumber,
      useDefaultPcNumber: usable ? element.useDefaultPcNumber : true,
      buffer: { status: 'OK', pcNumber, interval: row.intervalSeconds, start: row.startAt.toISOString() },
    };
  }

  return {
    /** Tells `listener` (the recorder) whenever buffers were created or changed; returns the unsubscribe. */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    /** The buffers of a device page by line number, of the PC numbers the user may use. */
    async availableFor(
      session: AuthSession,
      page: Omit<BufferAddress, 'line'>,
    ): Promise<Map<number, AvailableBuffer[]>> {
      const settings = await account.get(session.tenant.id, session.user.id);
      const allowed = allowedPcNumbers(session.authorities, settings);
      const rows = await repository.ofPage(session.tenant.id, page, allowed ?? undefined);
      const byLine = new Map<number, AvailableBuffer[]>();
      for (const row of rows) {
        const list = byLine.get(row.line) ?? [];
        list.push({
          pcNumber: row.pcNumber,
          interval: row.intervalSeconds,
          start: row.startAt.toISOString(),
        });
        byLine.set(row.line, list);
      }
      return byLine;
    },

    /**
     * Creates the buffers that elements ask for (buffer status CREATE_BUFFER; with `all`, every element that
     * names a buffer, as an import with "create buffers" does) and answers the widgets as they are to be stored.
     * `field` names the widgets in errors ("widgets" or "widget").
     */
    async prepareWidgets(
      session: AuthSession,
      widgets: Widget[],
      field: string,
      options: { all?: boolean } = {},
    ): Promise<Widget[]> {
      const wanted = (e: WidgetElement) =>
        e.buffer?.status === 'CREATE_BUFFER' ||
        (options.all === true && e.buffer != null && addressOf(e) !== null);
      let changed = false;
      const prepared: Widget[] = [];
      for (const [w, widget] of widgets.entries()) {
        const elements: WidgetElement[] = [];
        for (const [e, element] of (widget.elements as WidgetElement[]).entries()) {
          const at = `${field === 'widget' ? 'widget' : `${field}.${w}`}.elements.${e}.buffer`;
          if (!wanted(element)) {
            elements.push(element);
            continue;
          }
          if (!hasGrant(session.authorities, 'BUFFERS', 'WRITE')) throw buffersNotAllowed(at);
          elements.push(await ensure(session, element, at));
          changed = true;
        }
        prepared.push({ ...widget, elements } as Widget);
      }
      if (changed) for (const listener of changeListeners) listener();
      return prepared;
    },
  };
}

export type BuffersService = ReturnType<typeof createBuffersService>;
