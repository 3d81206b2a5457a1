import type { StoryEvent } from '../simulator/fast-forward';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * What happened in each demo store over the last weeks, told by the history: a cold room's door left open, a
 * compressor that tripped, a defrost that ran too long, a case controller off the network for three hours.
 * `daysAgo` at the local hour given: the same moments every fresh demo has, relative to its first start.
 */
export interface DemoIncident {
  tenant: string;
  hexacode: string;
  department: number;
  subDepartment: number;
  event: StoryEvent['event'] | 'offline';
  daysAgo: number;
  hour: number;
  minutes: number;
  label: string;
}

export const DEMO_INCIDENTS: readonly DemoIncident[] = [
  {
    tenant: 'demo',
    hexacode: '1A0105',
    department: 1,
    subDepartment: 0,
    event: 'doorLeftOpen',
    daysAgo: 3,
    hour: 14,
    minutes: 25,
    label: 'Cold room door left open',
  },
  {
    tenant: 'demo',
    hexacode: '1A0101',
    department: 1,
    subDepartment: 0,
    event: 'compressorTrip',
    daysAgo: 9,
    hour: 3,
    minutes: 40,
    label: 'MT compressor 1 tripped',
  },
  {
    tenant: 'demo',
    hexacode: '1A0102',
    department: 1,
    subDepartment: 0,
    event: 'longDefrost',
    daysAgo: 12,
    hour: 11,
    minutes: 50,
    label: 'Defrost ran too long',
  },
  {
    tenant: 'demo',
    hexacode: '1A0104',
    department: 1,
    subDepartment: 0,
    event: 'offline',
    daysAgo: 6,
    hour: 2,
    minutes: 180,
    label: 'Frozen islands offline',
  },
  {
    tenant: 'acme',
    hexacode: '3E0003',
    department: 1,
    subDepartment: 0,
    event: 'doorLeftOpen',
    daysAgo: 2,
    hour: 16,
    minutes: 20,
    label: 'Walk-in door left open',
  },
];

/** When an incident started and ended, for a demo first started at `now`. */
export function incidentWindow(incident: DemoIncident, now: number): { from: number; to: number } {
  const day = new Date(now - incident.daysAgo * DAY);
  day.setHours(incident.hour, 10, 0, 0);
  return { from: day.getTime(), to: day.getTime() + incident.minutes * MINUTE };
}
