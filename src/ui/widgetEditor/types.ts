import type { ActorRefFrom } from 'xstate';
import type { widgetEditorMachine } from '../../machines/widgetEditor/widgetEditorMachine';
import type { widgetElementMachine } from '../../machines/widgetEditor/widgetElementMachine';

export type WidgetEditorActor = ActorRefFrom<typeof widgetEditorMachine>;
export type WidgetElementActor = ActorRefFrom<typeof widgetElementMachine>;

/** A type's own widget fields, edited in the details step. */
export interface DetailsEditorProps {
  actor: WidgetEditorActor;
}

/** A type's own element fields, edited in the element step. */
export interface ElementEditorProps {
  actor: WidgetElementActor;
}
