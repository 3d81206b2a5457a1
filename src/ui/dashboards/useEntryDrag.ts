import { useRef, type DragEvent } from 'react';
import type { DashboardsActor } from './useDashboards';

/** Where an entry of the sidebar sits: its siblings (a group's id, or 'top'), its place and their count. */
export interface EntryPlace {
  siblings: string;
  index: number;
  count: number;
}

/**
 * SPEC §4 drag reordering (CUSTOM mode): native HTML5 drag of a dashboard or group onto one of its siblings
 * sends dashboards.move with the place it was dropped on. No drag library: the Move up / Move down menu
 * entries are the keyboard way.
 */
export function useEntryDrag(actor: DashboardsActor, enabled: boolean) {
  const dragged = useRef<{ id: string; siblings: string } | null>(null);
  return (id: string, { siblings, index }: EntryPlace) =>
    enabled
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            event.stopPropagation();
            dragged.current = { id, siblings };
            event.dataTransfer?.setData('text/plain', id);
          },
          onDragOver: (event: DragEvent) => {
            if (dragged.current?.siblings === siblings) event.preventDefault();
          },
          onDrop: (event: DragEvent) => {
            // Not a sibling: the drop goes on to the enclosing entry (a group, for a top-level entry).
            const from = dragged.current;
            if (!from || from.siblings !== siblings) return;
            dragged.current = null;
            event.preventDefault();
            event.stopPropagation();
            if (from.id !== id) actor.send({ type: 'dashboards.move', id: from.id, to: index });
          },
          onDragEnd: () => (dragged.current = null),
        }
      : {};
}
