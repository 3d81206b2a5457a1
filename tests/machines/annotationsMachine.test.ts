import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnnotationsInput, AnnotationsSave } from '../../src/machines/annotations/annotations.events';
import { annotationsMachine } from '../../src/machines/annotations/annotationsMachine';
import { selectDraft, selectIsDirty } from '../../src/machines/dashboardEditor/dashboardEditor.selectors';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import { DEFAULT_PREFERENCES } from '../../src/machines/userPreferences';
import type { Annotation, Dashboard, DashboardUpdateInput, OpenedDashboard } from '#contracts';
import { editedDashboard } from '../support/fixtures/dashboardEditorFixtures';

// 30 March 2026, 12:00 in Copenhagen (CEST); the zone is given, never the machine's.
const NOW = Date.parse('2026-03-30T10:00:00Z');
const defrost: Annotation = {
  id: 'a-1',
  name: 'Defrost',
  color: '#00FF00FF',
  startDate: '2026-03-29T22:00:00.000Z',
  endDate: '2026-03-29T23:30:00.000Z',
};
const withIds = (list: Annotation[]): Annotation[] => list.map((a, i) => ({ ...a, id: a.id ?? `new-${i}` }));

function start(
  save: (input: AnnotationsSave) => Promise<Annotation[]> = async ({ annotations }) => withIds(annotations),
) {
  const saveFn = vi.fn(save);
  const told = vi.fn();
  const notify = vi.fn();
  const input: AnnotationsInput = {
    dashboardId: 'd-overview',
    widgetId: 'w-1',
    widgetName: 'Freezer line',
    annotations: [defrost],
    dateFormat: 'dd-LL-yyyy HH:mm',
    timeZone: 'Europe/Copenhagen',
    now: NOW,
  };
  const actor = createActor(
    annotationsMachine.provide({
      actors: { saveAnnotations: fromPromise(({ input: body }: { input: AnnotationsSave }) => saveFn(body)) },
      actions: {
        tellSaved: ({ context }) => told(context.annotations),
        notify: (_, params) => notify(params),
      },
    }),
    { input },
  ).start();
  return { actor, save: saveFn, told, notify };
}

describe('annotations machine', () => {
  it('adds one: red at full opacity over the hour before now, label required, dates in the user’s format', async () => {
    const { actor, save, told, notify } = start();
    actor.send({ type: 'annotation.add' });
    expect(actor.getSnapshot().context.form).toEqual({
      index: null,
      label: '',
      color: '#FF0000FF',
      startText: '30-03-2026 11:00',
      endText: '30-03-2026 12:00',
    });
    actor.send({ type: 'annotation.changeStart', text: '30-03-2026 13:00' });
    actor.send({ type: 'annotation.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      label: 'annotations.labelRequired',
      end: 'dateRange.endAfterStart',
    });
    actor.send({ type: 'annotation.changeLabel', text: ' Cleaning ' });
    actor.send({ type: 'annotation.changeStart', text: '2026-03-30 10:00' });
    actor.send({ type: 'annotation.save' });
    expect(actor.getSnapshot().context.errors).toEqual({ start: 'dateRange.invalidDate' });
    actor.send({ type: 'annotation.changeStart', text: '30-03-2026 10:15' });
    actor.send({ type: 'annotation.save' });
    await waitFor(actor, (s) => s.matches('listing'));
    expect(save).toHaveBeenCalledWith({
      dashboardId: 'd-overview',
      widgetId: 'w-1',
      annotations: [
        defrost,
        {
          name: 'Cleaning',
          color: '#FF0000FF',
          startDate: '2026-03-30T08:15:00.000Z',
          endDate: '2026-03-30T10:00:00.000Z',
        },
      ],
    });
    expect(actor.getSnapshot().context.annotations.map((a) => a.id)).toEqual(['a-1', 'new-1']);
    expect(told).toHaveBeenCalledWith(actor.getSnapshot().context.annotations);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', id: 'annotations.saved' });
  });

  it('edits one in place, its id kept, the colour from the picker (hexa, as the red is); a cleared colour is red again', async () => {
    const { actor, save } = start();
    actor.send({ type: 'annotation.edit', index: 0 });
    expect(actor.getSnapshot().context.form).toMatchObject({
      index: 0,
      label: 'Defrost',
      startText: '30-03-2026 00:00',
      endText: '30-03-2026 01:30',
    });
    actor.send({ type: 'annotation.pickColour' });
    actor.getSnapshot().children.colourPicker!.send({ type: 'colour.clear' });
    expect(actor.getSnapshot().context.form?.color).toBe('#FF0000FF');
    actor.send({ type: 'annotation.pickColour' });
    actor.getSnapshot().children.colourPicker!.send({ type: 'colour.choose', colour: '#2196F3' });
    actor.getSnapshot().children.colourPicker!.send({ type: 'colour.save' });
    actor.send({ type: 'annotation.changeLabel', text: 'Long defrost' });
    actor.send({ type: 'annotation.save' });
    await waitFor(actor, (s) => s.matches('listing'));
    expect(save.mock.calls[0]![0].annotations).toEqual([
      { ...defrost, name: 'Long defrost', color: '#2196F3FF' },
    ]);
  });

  it('deletes one with a save of the rest; a failed save keeps the list', async () => {
    const { actor, save, notify } = start(() => Promise.reject(new Error('offline')));
    actor.send({ type: 'annotation.delete', index: 0 });
    await waitFor(actor, (s) => s.matches('listing'));
    expect(save.mock.calls[0]![0].annotations).toEqual([]);
    expect(actor.getSnapshot().context.annotations).toEqual([defrost]);
    expect(notify).toHaveBeenCalledWith({ kind: 'error', id: 'annotations.saveFailed' });
  });

  it('keeps the form and what was typed when the save fails', async () => {
    const { actor, told, notify } = start(() => Promise.reject(new Error('offline')));
    actor.send({ type: 'annotation.add' });
    actor.send({ type: 'annotation.changeLabel', text: 'Door open' });
    actor.send({ type: 'annotation.save' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.form).toMatchObject({
      label: 'Door open',
      startText: '30-03-2026 11:00',
    });
    expect(actor.getSnapshot().context.annotations).toEqual([defrost]);
    expect(told).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', id: 'annotations.saveFailed' });
  });

  it('leaves the form without saving, ignores unknown rows, and ends when closed', () => {
    const { actor, save } = start();
    actor.send({ type: 'annotation.edit', index: 3 });
    actor.send({ type: 'annotation.delete', index: -1 });
    expect(actor.getSnapshot().value).toBe('listing');
    actor.send({ type: 'annotation.add' });
    actor.send({ type: 'annotation.cancel' });
    expect(actor.getSnapshot().context.form).toBeNull();
    actor.send({ type: 'annotations.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(save).not.toHaveBeenCalled();
  });
});

describe('annotations in the dashboard editor', () => {
  async function opened() {
    const saves: DashboardUpdateInput[] = [];
    const saveAnnotations = vi.fn(async ({ annotations }: AnnotationsSave) => withIds(annotations));
    const actor = createActor(
      dashboardEditorMachine.provide({
        actors: {
          loadDashboard: fromPromise(async (): Promise<OpenedDashboard> => editedDashboard),
          saveDashboard: fromPromise(async ({ input }: { input: DashboardUpdateInput }) => {
            saves.push(input);
            return { ...editedDashboard, ...input, version: input.version + 1 } as Dashboard;
          }),
          annotations: annotationsMachine.provide({
            actors: {
              saveAnnotations: fromPromise(({ input }: { input: AnnotationsSave }) => saveAnnotations(input)),
            },
            actions: { notify: () => {} },
          }),
        },
        actions: { notify: () => {} },
      }),
    ).start();
    actor.send({
      type: 'dashboard.preferencesChanged',
      preferences: { ...DEFAULT_PREFERENCES, dateFormat: 'yyyy-LL-dd HH:mm', timeZone: 'Asia/Tokyo' },
    });
    actor.send({ type: 'dashboard.open', id: 'd-overview' });
    await waitFor(actor, (s) => s.matches({ loaded: 'viewing' }));
    return { actor, saves, saveAnnotations };
  }

  it('opens in view mode with the user’s date format and zone, and shows the saved list at once', async () => {
    const { actor, saveAnnotations } = await opened();
    actor.send({ type: 'dashboard.editAnnotations', id: 'w-1' });
    const dialog = actor.getSnapshot().context.annotations!;
    expect(dialog.getSnapshot().context).toMatchObject({
      widgetName: 'Freezer line',
      dateFormat: 'yyyy-LL-dd HH:mm',
      timeZone: 'Asia/Tokyo',
    });
    // One dialog at a time.
    actor.send({ type: 'dashboard.editAnnotations', id: 'w-2' });
    expect(actor.getSnapshot().context.annotations).toBe(dialog);

    dialog.send({ type: 'annotation.add' });
    dialog.send({ type: 'annotation.changeLabel', text: 'Defrost' });
    dialog.send({ type: 'annotation.save' });
    await waitFor(
      actor,
      (s) => (selectDraft(s)?.widgets[0] as { markAreaElements: unknown[] }).markAreaElements.length === 1,
    );
    expect(saveAnnotations).toHaveBeenCalledOnce();
    const stored = actor.getSnapshot().context.stored!.widgets[0] as { markAreaElements: Annotation[] };
    expect(stored.markAreaElements).toEqual([expect.objectContaining({ name: 'Defrost', id: 'new-0' })]);
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);

    dialog.send({ type: 'annotations.close' });
    expect(actor.getSnapshot().context.annotations).toBeNull();
  });

  it('keeps edits of edit mode and saves them at the version loaded, with the annotations', async () => {
    const { actor, saves } = await opened();
    actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    actor.send({ type: 'dashboard.editAnnotations', id: 'w-1' });
    const dialog = actor.getSnapshot().context.annotations!;
    dialog.send({ type: 'annotation.add' });
    dialog.send({ type: 'annotation.changeLabel', text: 'Defrost' });
    dialog.send({ type: 'annotation.save' });
    await waitFor(dialog, (s) => s.matches('listing'));
    expect(selectDraft(actor.getSnapshot())?.widgets.map((w) => w.id)).toEqual(['w-1']);
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    dialog.send({ type: 'annotations.close' });
    actor.send({ type: 'dashboard.save' });
    await waitFor(actor, () => saves.length === 1);
    expect(saves[0]!.version).toBe(editedDashboard.version);
    expect(saves[0]!.widgets).toEqual([
      expect.objectContaining({
        id: 'w-1',
        markAreaElements: [expect.objectContaining({ name: 'Defrost' })],
      }),
    ]);
  });

  it('does not open for a widget the dashboard does not have', async () => {
    const { actor } = await opened();
    actor.send({ type: 'dashboard.editAnnotations', id: 'nope' });
    expect(actor.getSnapshot().context.annotations).toBeNull();
  });
});
