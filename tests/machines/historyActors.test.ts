import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { historyConfigs } from '../../src/machines/dashboardEditor/historyActors';
import { OpenedDashboard, type ElementBuffer } from '#contracts';

const dashboardWith = (buffer: ElementBuffer) =>
  v.parse(OpenedDashboard, {
    id: 'd1',
    name: 'Recording',
    favorite: false,
    order: 0,
    groupId: null,
    breakpoint: 'lg',
    version: 1,
    widgets: [
      {
        id: 'w1',
        type: 'LINE_CHART',
        name: 'Supply air',
        position: { i: 'w1', x: 0, y: 0, w: 4, h: 4 },
        elements: [
          {
            id: 'e1',
            hexacode: '3E0002',
            department: 1,
            subDepartment: 0,
            pageNumber: 1,
            lineNumber: 2,
            buffer,
          },
        ],
      },
    ],
  });

describe('history query configs of the dashboard', () => {
  it('reads a buffer asked of the save again once the save created it', () => {
    const start = '2026-11-22T19:47:00.000Z';
    const asked = historyConfigs(
      dashboardWith({ status: 'CREATE_BUFFER', pcNumber: 1, interval: 5, start }),
      1,
    );
    const created = historyConfigs(dashboardWith({ status: 'OK', pcNumber: 1, interval: 5, start }), 1);
    // A buffer not made yet has no samples to start from; the saved one has: the configs differ, so the widget's
    // history actor queries again instead of keeping the answer that said there was no buffer.
    expect(asked.get('w1')!.sampleStarts).toEqual({});
    expect(created.get('w1')!.sampleStarts).toEqual({ e1: Date.parse(start) });
  });
});
