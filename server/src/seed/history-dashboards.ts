import { randomUUID } from 'node:crypto';
import type { WidgetInput } from '#contracts';
import { DEMO_HISTORY, demoHistoryStart } from './history';
import { DEMO_INCIDENTS, incidentWindow } from './incidents';
import {
  CASE,
  type DemoDashboard,
  type ElementExtra,
  type LineRef,
  SUCTION,
  line,
  widget,
} from './widget-builders';

/** The ADF lines of the CC-410 the history widgets show beyond the real-time ones. */
const DEFROST_STATE = [1, 5] as const;
const DOOR = [1, 6] as const;

/** Where each tenant's history dashboard looks: a case, a pack's MT suction group, a cold and a freezer room. */
const PLACES: Record<
  string,
  { case: LineRef; caseName: string; pack: string; cold: string; frozen: string }
> = {
  demo: {
    case: line('1A0102', 1, 0, CASE.airTemp),
    caseName: 'Dairy case 1',
    pack: '1A0101',
    cold: '1A0105',
    frozen: '1A0106',
  },
  acme: {
    case: line('3E0002', 1, 0, CASE.airTemp),
    caseName: 'Produce wall 1',
    pack: '3E0001',
    cold: '3E0003',
    frozen: '3E0003',
  },
};

/** The element of a buffered line: the demo's buffer of it (PC number 1, every five minutes). */
const recorded = (start: string, extra: ElementExtra = {}): ElementExtra => ({
  pcNumber: DEMO_HISTORY.pcNumber,
  useDefaultPcNumber: false,
  buffer: { status: 'OK', pcNumber: DEMO_HISTORY.pcNumber, interval: DEMO_HISTORY.intervalSeconds, start },
  ...extra,
});

/** The incidents of a device as annotations (mark areas) of the charts that show it. */
function annotations(tenant: string, hexacode: string, now: number) {
  return DEMO_INCIDENTS.filter((i) => i.tenant === tenant && i.hexacode === hexacode).map((incident) => {
    const { from, to } = incidentWindow(incident, now);
    return {
      id: randomUUID(),
      name: incident.label,
      color: '#E53935CC',
      startDate: new Date(from).toISOString(),
      endDate: new Date(to).toISOString(),
    };
  });
}

/**
 * "Last weeks": the four historical widget types over the demo's recorded history, with the incidents marked, so a
 * newcomer sees a month of curves (night and day, defrost cycles, a door left open) on the first start.
 */
export function historyDashboard(tenant: string, now: number): DemoDashboard | null {
  const place = PLACES[tenant];
  if (!place) return null;
  const start = demoHistoryStart(now).toISOString();
  const at = (ref: LineRef, extra: ElementExtra = {}) => [ref, recorded(start, extra)] as const;
  const caseDevice = place.case[0];
  const [caseHex, caseDep, caseSub] = place.case;
  const widgets: WidgetInput[] = [
    widget(
      'LINE_CHART',
      `${place.caseName} · last 30 days`,
      [0, 0, 8, 5],
      [
        at(place.case, { name: 'Air', color: '#1E88E5' }),
        at(line(caseHex, caseDep, caseSub, CASE.setpoint), { name: 'Setpoint', color: '#757575' }),
      ],
      {
        interval: { type: 'LAST_30_DAYS', start: null, end: null, compareTo: null },
        showAverageValue: true,
        showHighestValue: true,
        markAreaElements: annotations(tenant, caseDevice, now),
      },
    ),
    widget(
      'MULTIPLE_Y_CHART',
      'MT suction · pressure and temperature',
      [8, 0, 4, 5],
      [
        at(line(place.pack, 1, 0, SUCTION.pressure), { yAxisNumber: 0, color: '#8E24AA' }),
        at(line(place.pack, 1, 0, SUCTION.suctionTemp), { yAxisNumber: 1, color: '#00897B' }),
      ],
      { markAreaElements: annotations(tenant, place.pack, now) },
    ),
    widget(
      'MULTIGRID_CHART',
      'Cold room · this week against the last',
      [0, 5, 8, 7],
      [
        at(line(place.cold, 1, 0, CASE.airTemp), { name: 'Air', color: '#1E88E5' }),
        at(line(place.cold, 1, 0, DOOR), { name: 'Door', color: '#F4511E' }),
        at(line(place.cold, 1, 0, DEFROST_STATE), { name: 'Defrost', color: '#FDD835' }),
      ],
      {
        interval: { type: 'LAST_7_DAYS', start: null, end: null, compareTo: { value: 7, unit: 'DAYS' } },
        markAreaElements: annotations(tenant, place.cold, now),
      },
    ),
    widget(
      'COLLAPSABLE_TABLE',
      'Freezer room log',
      [8, 5, 4, 7],
      [
        at(line(place.frozen, 1, 0, CASE.airTemp), { name: 'Air' }),
        at(line(place.frozen, 1, 0, CASE.evapTemp), { name: 'Evaporator' }),
      ],
      { collapseOn: 'HOUR', pageLength: 10 },
    ),
  ];
  return { name: 'Last weeks', group: null, favorite: false, widgets };
}
