import { describe, expect, it } from 'vitest';
import { auditTarget, readAuditTarget } from '#contracts';

const COLD_ROOM = { hexacode: '2D0001', department: 2, subDepartment: 0 };

/*
 * The trail hashes each entry as it was written, so the phrases stay as they are; the screen reads them back into
 * parts to say them in the reader's language, and the charts find a setpoint write's department.
 */
describe('the phrase of what an audit entry changed', () => {
  it.each([
    [
      auditTarget.line({ ...COLD_ROOM, page: 2, line: 1 }),
      '2D0001 2.0 page 2 line 1',
      'line',
      { page: '2', line: '1' },
    ],
    [
      auditTarget.alarm({
        ...COLD_ROOM,
        code: 'HIGH_TEMPERATURE',
        occurrence: 'c0ffee00-0000-4000-8000-000000000001',
      }),
      '2D0001 2.0 HIGH_TEMPERATURE (alarm c0ffee00-0000-4000-8000-000000000001)',
      'alarm',
      { code: 'HIGH_TEMPERATURE', occurrence: 'c0ffee00-0000-4000-8000-000000000001' },
    ],
    [
      auditTarget.deviceAlarm({ ...COLD_ROOM, code: 'A12', deviceName: 'Cold room (back) 2' }),
      'alarm A12 of Cold room (back) 2 (2D0001), department 2.0',
      'alarm',
      { code: 'A12', deviceName: 'Cold room (back) 2' },
    ],
    [auditTarget.case(COLD_ROOM), '2D0001.2.0', 'case', {}],
    [
      auditTarget.review(COLD_ROOM, { kind: 'excursion', key: '2D0001.2.0.1763533800000' }),
      '2D0001.2.0/excursion/2D0001.2.0.1763533800000',
      'excursion',
      { start: '1763533800000' },
    ],
    [
      auditTarget.review(COLD_ROOM, { kind: 'day', key: '2026-11-19' }),
      '2D0001.2.0/day/2026-11-19',
      'day',
      { day: '2026-11-19' },
    ],
  ])('%s reads back as the place and parts it was written with', (phrase, written, kind, parts) => {
    expect(phrase).toBe(written);
    expect(readAuditTarget(phrase)).toEqual({
      kind,
      parts: { hexacode: '2D0001', department: '2', subDepartment: '0', ...parts },
    });
  });

  it.each([
    [
      auditTarget.alarmSettings('ann marie'),
      'alarm settings of ann marie',
      'alarmSettings',
      { username: 'ann marie' },
    ],
    [auditTarget.escalationPolicy(), 'alarm escalation policy', 'escalationPolicy', {}],
    [auditTarget.schedule('s1', 'B01'), 'schedule s1 of store B01', 'schedule', { id: 's1', store: 'B01' }],
    [auditTarget.schedule('s1'), 'schedule s1', 'schedule', { id: 's1' }],
    [auditTarget.user('auditee'), 'user auditee', 'user', { username: 'auditee' }],
  ])('%s reads back as the kind and parts it was written with', (phrase, written, kind, parts) => {
    expect(phrase).toBe(written);
    expect(readAuditTarget(phrase)).toEqual({ kind, parts });
  });

  it('leaves a phrase it does not write unread, so the screen shows it as stored', () => {
    expect(readAuditTarget('a phrase a newer version writes')).toBeNull();
    expect(readAuditTarget('')).toBeNull();
  });
});
