import { beforeAll, describe, expect, it } from 'vitest';
import type { Annotation, Dashboard } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { withStoredAnnotations } from './widgets';

type Method = 'GET' | 'POST' | 'PUT';

const chart = (id: string, x: number, markAreaElements: unknown[] = []) => ({
  id,
  type: 'LINE_CHART',
  name: `Chart ${id}`,
  position: { i: id, x, y: 0, w: 3, h: 4 },
  markAreaElements,
});
const defrost = { name: 'Defrost', startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-01T01:00:00Z' };

describe('withStoredAnnotations', () => {
  it('keeps the stored annotations of stored widgets and the given ones of new widgets', () => {
    const stored = [{ ...chart('a', 0, [{ ...defrost, id: 'kept' }]) }] as never;
    const saved = [chart('a', 0, []), chart('b', 3, [defrost])] as never;
    expect(
      withStoredAnnotations(stored, saved).map((widget) => widget.markAreaElements.map((a) => a.name)),
    ).toEqual([['Defrost'], ['Defrost']]);
    expect(withStoredAnnotations(stored, saved)[0]!.markAreaElements[0]!.id).toBe('kept');
  });
});

describeEachBackend('annotations beside an open editor', (backend) => {
  const ctx = useTestApp(backend);
  let token = '';
  beforeAll(async () => {
    token = await tokenOf(ctx.app, 'operator', 'Operator123');
  });
  const call = async <T>(method: Method, url: string, payload?: unknown) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  /** A dashboard holding chart 'c', as an editor that opened it would hold it. */
  const opened = async (name: string) => {
    const created = await call<Dashboard>('POST', '/api/v2/dashboards/', { name });
    const saved = await call<Dashboard>('PUT', '/api/v2/dashboards/', {
      id: created.body.id,
      name,
      version: created.body.version,
      widgets: [chart('c', 0)],
    });
    expect(saved.status).toBe(200);
    return saved.body;
  };
  const annotate = (dashboard: Dashboard, annotations: unknown[]) =>
    call<Annotation[]>(
      'POST',
      `/api/v2/dashboards/widgets/mark-area-elements?dashboard=${dashboard.id}&widget=c`,
      annotations,
    );

  it('saves annotations without a new version, so the editor’s next save is no conflict and keeps them', async () => {
    const editor = await opened('Annotated while edited');
    const annotated = await annotate(editor, [defrost]);
    expect(annotated.status).toBe(200);
    const reloaded = await call<Dashboard>('GET', `/api/v2/dashboards/${editor.id}`);
    expect(reloaded.body.version).toBe(editor.version);

    // The editor saves its copy, taken before the annotation existed: a moved widget, no annotations.
    const moved = { ...chart('c', 6), markAreaElements: [] };
    const saved = await call<Dashboard>('PUT', '/api/v2/dashboards/', {
      id: editor.id,
      name: editor.name,
      version: editor.version,
      widgets: [moved],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(editor.version + 1);
    expect(saved.body.widgets[0]).toMatchObject({ position: { x: 6 }, markAreaElements: annotated.body });
  });

  it('keeps annotations through a widget save from an older copy too', async () => {
    const editor = await opened('Widget saved after annotating');
    const annotated = await annotate(editor, [defrost, { ...defrost, name: 'Cleaning' }]);
    const saved = await call<Dashboard>('POST', '/api/v2/dashboards/widgets', {
      dashboardId: editor.id,
      version: editor.version,
      widget: { ...chart('c', 0), name: 'Renamed chart' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.widgets[0]).toMatchObject({
      name: 'Renamed chart',
      markAreaElements: annotated.body,
    });
  });

  it('runs an annotation save and a dashboard save at the same time without losing either', async () => {
    const editor = await opened('Concurrent');
    const [annotated, saved] = await Promise.all([
      annotate(editor, [defrost]),
      call<Dashboard>('PUT', '/api/v2/dashboards/', {
        id: editor.id,
        name: 'Concurrent, renamed',
        version: editor.version,
        widgets: [chart('c', 3)],
      }),
    ]);
    expect([annotated.status, saved.status]).toEqual([200, 200]);
    const stored = (await call<Dashboard>('GET', `/api/v2/dashboards/${editor.id}`)).body;
    expect(stored).toMatchObject({ name: 'Concurrent, renamed', version: editor.version + 1 });
    expect(stored.widgets[0]).toMatchObject({ position: { x: 3 }, markAreaElements: annotated.body });
  });
});
