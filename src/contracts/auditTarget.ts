import { caseKey, type CaseAddress } from './foodSafety';

/*
 * What an audit entry changed (its `target`), as the trail stores it: an English phrase that also reads in the
 * CSV an auditor opens. Written only by `auditTarget` and read back only by `readAuditTarget`, so the trail
 * screen can say it in the reader's language and a chart can find a setpoint write's department. The chain
 * hashes every entry as written, so a phrase never changes: a new kind of target is a new phrase.
 */

interface Line extends CaseAddress {
  page: number;
  line: number;
}
interface Alarm extends CaseAddress {
  code: string;
}
const place = (p: CaseAddress) => `${p.hexacode} ${p.department}.${p.subDepartment}`;

/** The phrase of each kind of target. */
export const auditTarget = {
  line: (l: Line) => `${place(l)} page ${l.page} line ${l.line}`,
  /** An acknowledged alarm, by its occurrence. */
  alarm: (a: Alarm & { occurrence: string }) => `${place(a)} ${a.code} (alarm ${a.occurrence})`,
  /** A shelved or unshelved alarm, by the device's name. */
  deviceAlarm: (a: Alarm & { deviceName: string }) =>
    `alarm ${a.code} of ${a.deviceName} (${a.hexacode}), department ${a.department}.${a.subDepartment}`,
  alarmSettings: (username: string) => `alarm settings of ${username}`,
  escalationPolicy: () => 'alarm escalation policy',
  case: (c: CaseAddress) => caseKey(c),
  review: (c: CaseAddress, subject: { kind: 'excursion' | 'day'; key: string }) =>
    `${caseKey(c)}/${subject.kind}/${subject.key}`,
  schedule: (id: string, store?: string) => (store ? `schedule ${id} of store ${store}` : `schedule ${id}`),
  user: (username: string) => `user ${username}`,
};

/** A target read back: its kind (a catalogue id's last word) and its parts, as written. */
export interface ReadAuditTarget {
  kind:
    | 'line'
    | 'alarm'
    | 'alarmSettings'
    | 'escalationPolicy'
    | 'case'
    | 'excursion'
    | 'day'
    | 'schedule'
    | 'user';
  parts: Record<string, string>;
}

const CASE = String.raw`(?<hexacode>[0-9A-Fa-f]+)\.(?<department>\d+)\.(?<subDepartment>\d+)`;
const PLACE = String.raw`(?<hexacode>\S+) (?<department>\d+)\.(?<subDepartment>\d+)`;
/** Each phrase's pattern, as `auditTarget` writes it; the first that matches is the kind. */
const PATTERNS: [ReadAuditTarget['kind'], RegExp][] = [
  ['line', new RegExp(String.raw`^${PLACE} page (?<page>\d+) line (?<line>\d+)$`)],
  ['alarm', new RegExp(String.raw`^${PLACE} (?<code>\S+) \(alarm (?<occurrence>[^)]+)\)$`)],
  [
    'alarm',
    /^alarm (?<code>\S+) of (?<deviceName>.*) \((?<hexacode>[^()\s]+)\), department (?<department>\d+)\.(?<subDepartment>\d+)$/,
  ],
  ['alarmSettings', /^alarm settings of (?<username>.+)$/],
  ['escalationPolicy', /^alarm escalation policy$/],
  ['case', new RegExp(`^${CASE}$`)],
  ['excursion', new RegExp(String.raw`^${CASE}/excursion/[^/]+\.(?<start>\d+)$`)],
  ['day', new RegExp(String.raw`^${CASE}/day/(?<day>\d{4}-\d{2}-\d{2})$`)],
  ['schedule', /^schedule (?<id>\S+)(?: of store (?<store>\S+))?$/],
  ['user', /^user (?<username>.+)$/],
];

/** The kind and parts of a target, or null for a phrase this version does not write (a newer one's). */
export function readAuditTarget(target: string): ReadAuditTarget | null {
  for (const [kind, pattern] of PATTERNS) {
    const match = pattern.exec(target);
    if (!match) continue;
    const parts = Object.entries(match.groups ?? {}).filter(
      (part): part is [string, string] => part[1] !== undefined,
    );
    return { kind, parts: Object.fromEntries(parts) };
  }
  return null;
}
