import type { Dashboard } from '#contracts';
import { type Annotation } from '#contracts';
import { overviewWith } from './dashboardEditorFixtures';
import { coldRoom, widgetOf } from './widgetFixtures';

/** The stored annotation of the room chart: a defrost early on 30 March 2026 (UTC). */
export const defrost: Annotation = {
  id: 'a-1',
  name: 'Defrost',
  color: '#00AA00FF',
  startDate: '2026-03-30T04:00:00.000Z',
  endDate: '2026-03-30T05:30:00.000Z',
};

/** The Overview dashboard at version 3 with one LINE_CHART, "Room chart", carrying the defrost annotation. */
export const roomChartDashboard = (): Dashboard =>
  overviewWith([
    widgetOf('LINE_CHART', [{ id: 'air', ...coldRoom, lineNumber: 1, name: 'Air' }], {
      id: 'w-chart',
      name: 'Room chart',
      position: { i: 'w-chart', x: 0, y: 0, w: 6, h: 6 },
      markAreaElements: [defrost],
    }),
  ]);
