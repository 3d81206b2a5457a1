import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { AuditChain, AuditPage } from '#contracts';
import { changedFields } from '../../src/machines/auditTrail/auditChange';
import {
  selectBusy,
  selectChainBreak,
  selectChainBrokenAt,
  selectChainEntries,
  selectChainState,
  selectEntry,
  selectEntryCount,
  selectFailure,
  selectFilterError,
  selectHasOlder,
  selectView,
} from '../../src/machines/auditTrail/auditTrail.selectors';
import { AUDIT_PAGE } from '../../src/machines/auditTrail/auditTrailMachine';
import { auditRequestOf, provideAuditTrail } from '../../src/machines/auditTrail/provideAuditTrail';
import type { AuditApi } from '../../src/services/api/audit';
import { auditEntries } from '../support/fixtures/auditFixtures';
import { accountSettings } from '../support/fixtures/fixtures';
import { adminSession } from '../support/fixtures/switchSessions';
import { settle } from '../support/dom/settle';

const input = { session: adminSession, settings: accountSettings };
/** 120 entries, seq 120 down to 1, as the server answers a page of them (`before`, `limit`). */
const TRAIL = auditEntries(120);
const pageOf = ({ before, limit = 500 }: { before?: number; limit?: number }): AuditPage => ({
  entries: TRAIL.filter((e) => before === undefined || e.seq < before).slice(0, limit),
});

function start(api: Partial<AuditApi> = {}) {
  const fetchAudit = vi.fn<AuditApi['fetchAudit']>(api.fetchAudit ?? (async (request) => pageOf(request)));
  const downloadAudit = vi.fn<AuditApi['downloadAudit']>(
    api.downloadAudit ?? (async () => ({ fileName: 'audit.csv', blob: new Blob(['seq\r\n']) })),
  );
  const checkAuditChain = vi.fn<AuditApi['checkAuditChain']>(
    api.checkAuditChain ?? (async () => ({ entries: 120, broken: null })),
  );
  const saved: string[] = [];
  const actor = createActor(
    provideAuditTrail({ fetchAudit, downloadAudit, checkAuditChain }, (fileName) => saved.push(fileName)),
    { input },
  ).start();
  return { actor, fetchAudit, downloadAudit, saved, snapshot: () => actor.getSnapshot() };
}

describe('the audit trail machine', () => {
  it('shows the newest page, then older ones a page at a time until none is left', async () => {
    const { actor, fetchAudit, snapshot } = start();
    expect(selectView(snapshot())).toBe('loading');
    await settle();
    expect(fetchAudit).toHaveBeenLastCalledWith({ limit: AUDIT_PAGE + 1 });
    expect(selectEntryCount(snapshot())).toBe(AUDIT_PAGE);
    expect(selectEntry(0)(snapshot())?.seq).toBe(120);
    expect(selectHasOlder(snapshot())).toBe(true);

    actor.send({ type: 'auditTrail.olderRequested' });
    expect(selectBusy(snapshot())).toBe('older');
    await settle();
    expect(fetchAudit).toHaveBeenLastCalledWith({ before: 71, limit: AUDIT_PAGE + 1 });
    actor.send({ type: 'auditTrail.olderRequested' });
    await settle();
    expect(selectEntryCount(snapshot())).toBe(120);
    expect(selectEntry(119)(snapshot())?.seq).toBe(1);
    expect(selectHasOlder(snapshot())).toBe(false);
    // Nothing older to ask for.
    actor.send({ type: 'auditTrail.olderRequested' });
    expect(selectBusy(snapshot())).toBe('idle');
    expect(fetchAudit).toHaveBeenCalledTimes(3);
  });

  it('refuses filters it cannot apply, marking the field, and applies them once fixed', async () => {
    const { actor, fetchAudit, snapshot } = start();
    await settle();
    const edit = (field: 'from' | 'to' | 'device' | 'user' | 'action', value: string) =>
      actor.send({ type: 'auditTrail.filterEdited', field, value });
    edit('device', '1A01XZ');
    edit('from', '2026-11-20');
    edit('to', '2026-11-19');
    // Not marked before an apply.
    expect(selectFilterError('device')(snapshot())).toBe('');
    actor.send({ type: 'auditTrail.filterApplied' });
    expect(selectView(snapshot())).toBe('shown');
    expect(selectFilterError('device')(snapshot())).toBe('audit.error.device');
    expect(selectFilterError('to')(snapshot())).toBe('audit.error.order');
    expect(fetchAudit).toHaveBeenCalledTimes(1);

    edit('device', '1a0102');
    edit('to', '2026-11-20');
    edit('action', 'limit.change');
    expect(selectFilterError('device')(snapshot())).toBe('');
    actor.send({ type: 'auditTrail.filterApplied' });
    expect(selectView(snapshot())).toBe('loading');
    await settle();
    expect(fetchAudit).toHaveBeenLastCalledWith({
      ...auditRequestOf({ from: '2026-11-20', to: '2026-11-20', device: '', user: '', action: '' }),
      hexacode: '1A0102',
      action: 'limit.change',
      limit: AUDIT_PAGE + 1,
    });
  });

  it('asks for whole days of the browser: From at its start, To up to its last millisecond', () => {
    expect(
      auditRequestOf({
        from: '2026-03-28',
        to: '2026-03-29',
        device: ' 2d0001 ',
        user: ' anna ',
        action: '',
      }),
    ).toEqual({
      from: new Date(2026, 2, 28).toISOString(),
      to: new Date(new Date(2026, 2, 30).getTime() - 1).toISOString(),
      hexacode: '2D0001',
      user: 'anna',
      action: undefined,
    });
  });

  it('saves the CSV of what the filters match, and says so when it fails, the entries staying', async () => {
    let fail = false;
    const { actor, downloadAudit, saved, snapshot } = start({
      downloadAudit: async () => {
        if (fail) throw new Error('503');
        return { fileName: 'audit.csv', blob: new Blob(['seq\r\n']) };
      },
    });
    await settle();
    actor.send({ type: 'auditTrail.downloadRequested' });
    expect(selectBusy(snapshot())).toBe('download');
    await settle();
    expect(saved).toEqual(['audit.csv']);
    expect(downloadAudit).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 5000 }));
    fail = true;
    actor.send({ type: 'auditTrail.downloadRequested' });
    await settle();
    expect(selectFailure(snapshot())).toBe('download');
    expect(selectEntryCount(snapshot())).toBe(AUDIT_PAGE);
    expect(saved).toEqual(['audit.csv']);
  });

  it('checks the chain on demand, keeping its answer while the filters change, and says when it cannot', async () => {
    const answers: (AuditChain | Error)[] = [
      { entries: 120, broken: null },
      { entries: 56, broken: { seq: 57, reason: 'hash' } },
      new Error('503'),
    ];
    const { actor, snapshot } = start({
      checkAuditChain: async () => {
        const next = answers.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
    });
    await settle();
    expect(selectChainState(snapshot())).toBe('unchecked');
    actor.send({ type: 'auditTrail.chainCheckRequested' });
    expect(selectBusy(snapshot())).toBe('chain');
    await settle();
    expect([selectChainState(snapshot()), selectChainEntries(snapshot())]).toEqual(['intact', 120]);
    actor.send({ type: 'auditTrail.filterEdited', field: 'user', value: 'anna' });
    actor.send({ type: 'auditTrail.filterApplied' });
    await settle();
    expect(selectChainState(snapshot())).toBe('intact');
    actor.send({ type: 'auditTrail.chainCheckRequested' });
    await settle();
    expect([
      selectChainState(snapshot()),
      selectChainBrokenAt(snapshot()),
      selectChainBreak(snapshot()),
    ]).toEqual(['broken', 57, 'hash']);
    actor.send({ type: 'auditTrail.chainCheckRequested' });
    await settle();
    expect(selectFailure(snapshot())).toBe('chain');
    // The last answer stays, with the word that the check failed.
    expect(selectChainState(snapshot())).toBe('broken');
  });

  it('offers a retry when the entries cannot be loaded, and closes from any state', async () => {
    let fail = true;
    const { actor, snapshot } = start({
      fetchAudit: async (request) => {
        if (fail) throw new Error('503');
        return pageOf(request);
      },
    });
    await settle();
    expect(selectView(snapshot())).toBe('loadFailed');
    fail = false;
    actor.send({ type: 'auditTrail.retry' });
    await settle();
    expect(selectView(snapshot())).toBe('shown');
    fail = true;
    actor.send({ type: 'auditTrail.olderRequested' });
    await settle();
    expect(selectFailure(snapshot())).toBe('older');
    expect(selectEntryCount(snapshot())).toBe(AUDIT_PAGE);
    actor.send({ type: 'auditTrail.close' });
    await expect(toPromise(actor)).resolves.toEqual({});
  });
});

describe('what an audit entry changed', () => {
  it('lists the fields that differ, from nothing when made, to nothing when removed', () => {
    expect(changedFields({ high: 5, low: 0 }, { high: 4, low: 0 })).toEqual([
      { field: 'high', before: 5, after: 4 },
    ]);
    // A line write: the line as read before, the value written and the device's answer after.
    expect(
      changedFields({ name: 'Setpoint', value: '2.0', status: 'OK' }, { value: '4.5', result: 'ACCEPTED' }),
    ).toEqual([
      { field: 'value', before: '2.0', after: '4.5' },
      { field: 'result', before: undefined, after: 'ACCEPTED' },
    ]);
    expect(changedFields(null, { comment: 'door closed', at: { day: 1 } })).toEqual([
      { field: 'comment', before: undefined, after: 'door closed' },
      { field: 'at', before: undefined, after: { day: 1 } },
    ]);
    expect(changedFields({ enabled: true }, null)).toEqual([
      { field: 'enabled', before: true, after: undefined },
    ]);
    expect(changedFields('4.0', '4.5')).toEqual([{ field: '', before: '4.0', after: '4.5' }]);
    expect(changedFields(null, null)).toEqual([]);
  });
});
