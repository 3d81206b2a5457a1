import * as v from 'valibot';
import type { MessageId } from '../../i18n/messages';
import { Widget, type WidgetPosition, type WidgetType } from '#contracts/widgets';
import { addedElement, seededElements, type EditorElement, type WidgetFields } from './widgetDefaults';

/** The widget being edited: its fields, and a separate element list per type tried (SPEC §4). */
export interface WidgetDraft {
  id: string;
  /** Whether this adds a new widget (its id is made here). */
  isNew: boolean;
  type: WidgetType | null;
  position: WidgetPosition;
  fields: WidgetFields;
  lists: Partial<Record<WidgetType, EditorElement[]>>;
}

export interface WidgetErrors {
  type?: MessageId;
  name?: MessageId;
  elements?: MessageId;
  form?: MessageId;
}

export function draftOf(widget: Widget | null, position: WidgetPosition): WidgetDraft {
  if (!widget) return { id: crypto.randomUUID(), isNew: true, type: null, position, fields: {}, lists: {} };
  const { id, type, position: own, elements, ...fields } = widget;
  return { id, isNew: false, type, position: own, fields, lists: { [type]: elements } };
}

export const elementsOf = (draft: WidgetDraft): EditorElement[] =>
  (draft.type && draft.lists[draft.type]) ?? [];

const numbered = (elements: readonly EditorElement[]) =>
  elements.map((element, order) => (element.order === order ? element : { ...element, order }));

const withElements = (draft: WidgetDraft, elements: readonly EditorElement[]): WidgetDraft =>
  draft.type ? { ...draft, lists: { ...draft.lists, [draft.type]: numbered(elements) } } : draft;

/** Another type: its own list, seeded the first time; the other types' lists are kept. */
export const withType = (draft: WidgetDraft, type: WidgetType): WidgetDraft => ({
  ...draft,
  type,
  lists: draft.lists[type] ? draft.lists : { ...draft.lists, [type]: seededElements(type) },
});

/** The element at `index`, or a new one of the type's shape past the end of the list. */
export const elementAt = (draft: WidgetDraft, index: number): EditorElement =>
  elementsOf(draft)[index] ?? addedElement(draft.type ?? 'LINE', elementsOf(draft).length);

/**
 * The element step's result placed at `index` (the list's length for a new one); a PAGE widget's picked
 * page (`wholePage`) replaces its whole list with one element a line.
 */
export function withPlaced(
  draft: WidgetDraft,
  index: number,
  placed: readonly EditorElement[],
  wholePage: boolean,
): WidgetDraft {
  if (wholePage) return withElements(draft, placed);
  const elements = [...elementsOf(draft)];
  elements.splice(index, 1, ...placed);
  return withElements(draft, elements);
}

export const withoutElement = (draft: WidgetDraft, index: number) =>
  withElements(
    draft,
    elementsOf(draft).filter((_, at) => at !== index),
  );

export const canMove = (draft: WidgetDraft, index: number, offset: number) =>
  index + offset >= 0 && index + offset < elementsOf(draft).length;

export function withMoved(draft: WidgetDraft, index: number, offset: number): WidgetDraft {
  const elements = [...elementsOf(draft)];
  const [moved] = elements.splice(index, 1);
  if (moved) elements.splice(index + offset, 0, moved);
  return withElements(draft, elements);
}

const hasAddress = (draft: WidgetDraft) => (element: EditorElement) =>
  draft.type === 'PAGE' ? element.pageNumber !== null : element.lineNumber !== null;

/** The widget the draft makes, parsed by its type's contract, or null when it does not parse. */
export function builtWidget(draft: WidgetDraft): Widget | null {
  const parsed = v.safeParse(Widget, {
    ...draft.fields,
    id: draft.id,
    type: draft.type,
    position: { ...draft.position, i: draft.id },
    elements: elementsOf(draft),
  });
  return parsed.success ? parsed.output : null;
}

/** SPEC §5 widget: a type ('select a widget type'), a name ('Name is required'), and a line for every element. */
export function draftErrors(draft: WidgetDraft): WidgetErrors {
  const errors: WidgetErrors = {};
  if (!draft.type) errors.type = 'widgetEditor.typeRequired';
  if (!draft.fields.name?.trim()) errors.name = 'widgetEditor.nameRequired';
  const elements = elementsOf(draft);
  if (draft.type && elements.length === 0) errors.elements = 'widgetEditor.elementsRequired';
  else if (!elements.every(hasAddress(draft)))
    errors.elements = draft.type === 'PAGE' ? 'widgetEditor.pageRequired' : 'widgetEditor.lineRequired';
  if (Object.keys(errors).length === 0 && !builtWidget(draft)) errors.form = 'widgetEditor.invalid';
  return errors;
}
