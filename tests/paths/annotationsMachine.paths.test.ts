import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { formErrors } from '../../src/machines/annotations/annotationForm';
import type { AnnotationsInput, AnnotationsSave } from '../../src/machines/annotations/annotations.events';
import { annotationsMachine } from '../../src/machines/annotations/annotationsMachine';
import type { Annotation } from '../../src/services/contracts';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

type Snapshot = SnapshotFrom<typeof annotationsMachine>;
const { done, failed } = modelEvents<typeof annotationsMachine>();
const defrost: Annotation = {
  id: 'a-1',
  name: 'Defrost',
  color: '#FF0000FF',
  startDate: '2026-03-29T22:00:00.000Z',
  endDate: '2026-03-29T23:30:00.000Z',
};
const input = (annotations: Annotation[]): AnnotationsInput => ({
  dashboardId: 'd-overview',
  widgetId: 'w-1',
  widgetName: 'Freezer line',
  annotations,
  dateFormat: 'dd-LL-yyyy HH:mm',
  timeZone: 'Europe/Copenhagen',
  now: Date.parse('2026-03-30T10:00:00Z'),
});

const model = (annotations: Annotation[]): ModelOptions<typeof alone> => ({
  input: input(annotations),
  events: [
    { type: 'annotation.add' },
    { type: 'annotation.edit', index: 0 },
    { type: 'annotation.delete', index: 0 },
    { type: 'annotation.changeLabel', text: '' },
    { type: 'annotation.changeLabel', text: 'Door open' },
    { type: 'annotation.changeStart', text: '30-03-2026 25:00' },
    { type: 'annotation.changeEnd', text: '01-01-2026 00:00' },
    { type: 'annotation.pickColour' },
    done('colourPicker', { colour: '#2196F3' }),
    done('colourPicker', { colour: null }),
    { type: 'annotation.save' },
    { type: 'annotation.cancel' },
    done('saveAnnotations', [{ ...defrost, id: 'a-2', name: 'Door open' }]),
    failed('saveAnnotations'),
    { type: 'annotations.close' },
  ],
  filterEvents: (s: Snapshot) => s.status === 'active',
  serializeState: (s: Snapshot) =>
    JSON.stringify({
      value: s.value,
      count: s.context.annotations.length,
      form: s.context.form && {
        isNew: s.context.form.index === null,
        valid: Object.keys(formErrors(s.context.form, s.context)).length === 0,
      },
      shown: Object.keys(s.context.errors).length > 0,
    }),
});

// Alone, the machine has no dashboard editor to tell: the model is the machine with that action (and the
// notifications) provided as no-ops.
const alone = annotationsMachine.provide({
  actors: { saveAnnotations: pending<Annotation[], AnnotationsSave>() },
  actions: { tellSaved: () => {}, notify: () => {} },
});

describeMachinePaths('annotations machine paths', alone, {
  models: [model([]), model([defrost])],
  label: (m) => `${m.input?.annotations.length ?? 0} stored`,
  check: (actor) => {
    const { context } = actor.getSnapshot();
    // Nothing is pending outside a save; a form always has a colour.
    if (!actor.getSnapshot().matches('saving')) expect(context.pending).toBeNull();
    if (context.form) expect(context.form.color).toMatch(/^#/);
  },
});
