import type { AnyActorRef } from 'xstate';
import type { Annotation, DashboardSummary, WidgetElement, WidgetExportType } from '#contracts';
import type { PageValuesPushed } from '../socket/socket.events';
import type { UserPreferences } from '../userPreferences';

export type { SocketSubscriptionEvent } from '../devicePage/devicePage.events';

/** One grid item as the grid reports it: `i` is the widget's id. */
export interface LayoutItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export type DashboardEditorEvent =
  /** The router is on /dashboard/{id} (sent by the app machine on route changes). */
  | { type: 'dashboard.open'; id: string }
  /** The router left the dashboard view. */
  | { type: 'dashboard.close' }
  /** Loads the dashboard again after a failed load. */
  | { type: 'dashboard.reload' }
  /** Enters edit mode (the stored copy is kept, to discard to). */
  | { type: 'dashboard.edit' }
  /** The grid reports its layout; only a moved or resized widget makes the dashboard dirty. */
  | { type: 'dashboard.layoutChanged'; layout: readonly LayoutItem[] }
  | { type: 'dashboard.removeWidget'; id: string }
  | { type: 'dashboard.toggleFullscreen'; id: string }
  /** The dashboards list deleted a dashboard: unsaved edits of it have nothing left to be saved to. */
  | { type: 'dashboard.deleted'; id: string }
  /** The dashboards list renamed a dashboard (a new name and version). */
  | { type: 'dashboard.renamed'; dashboard: DashboardSummary }
  /** Opens the widget details dialog for a new widget, or for one of the dashboard's. */
  | { type: 'dashboard.addWidget' }
  | { type: 'dashboard.editWidget'; id: string }
  /** Opens the rename prompt of edit mode; the new name is saved with the dashboard. */
  | { type: 'dashboard.rename' }
  | { type: 'rename.change'; value: string }
  | { type: 'rename.submit' }
  | { type: 'rename.cancel' }
  /** Saves the edited dashboard (PUT with its version) and stays in edit mode. */
  | { type: 'dashboard.save' }
  /** Leaves edit mode; with unsaved changes the operator is asked first. */
  | { type: 'dashboard.leaveEdit' }
  /** A move away from the dashboard's route, held by the navigation service until the editor lets it go. */
  | { type: 'navigation.requested'; path: string; replace: boolean }
  /** The app holds a logout while the dashboard has unsaved changes; `replyTo` hears when it may go on. */
  | { type: 'session.logoutRequested'; replyTo: AnyActorRef }
  // The unsaved changes question (stayEditing also answers the conflict question: keep the draft).
  | { type: 'dashboard.confirmSave' }
  | { type: 'dashboard.discard' }
  | { type: 'dashboard.stayEditing' }
  /** After a conflicting save: drop the draft and load the stored copy. */
  | { type: 'dashboard.reloadStored' }
  /** Downloads a widget's current values as a CSV or JSON file. */
  | { type: 'dashboard.downloadWidget'; id: string; exportType: WidgetExportType }
  /** Opens the line-details dialog for the line of a widget element (widgets with enableLineEdit). */
  | { type: 'dashboard.editLine'; element: WidgetElement }
  /** The line edit opened from a widget has ended (its completion, delivered by XState to the spawner). */
  | { type: 'xstate.done.actor.elementLineEdit' }
  /** The app tells the user's date format, time zone and buffer rights (at sign-in and when settings load). */
  | { type: 'dashboard.preferencesChanged'; preferences: UserPreferences }
  /**
   * Opens the annotations (mark areas) dialog of a widget, in view and edit mode alike: annotations are saved on
   * their own. Sent by the header button of the historical chart widgets.
   */
  | { type: 'dashboard.editAnnotations'; id: string }
  /** The annotations dialog saved a widget's annotations: the stored copy and the draft show them at once. */
  | { type: 'dashboard.annotationsSaved'; widgetId: string; annotations: Annotation[] }
  /** The annotations dialog was closed (its completion, delivered by XState to the spawner). */
  | { type: 'xstate.done.actor.annotations' }
  /** The socket pushed live values of a page topic the dashboard's elements read. */
  | PageValuesPushed;
