import type { ReportFrequency } from '#contracts';

/** The schedule being written: its store, how often, the addresses as typed (comma or line separated). */
export interface ScheduleDraft {
  /** The schedule it replaces; null for a new one. */
  id: string | null;
  businessGroup: string;
  frequency: ReportFrequency;
  recipients: string;
}

export type SchedulesEvent =
  /** Read the schedules again after they failed to load. */
  | { type: 'schedules.retried' }
  /** Start writing a new schedule. */
  | { type: 'schedule.addStarted' }
  /** Start changing a schedule. */
  | { type: 'schedule.editStarted'; id: string }
  /** A field of the schedule being written changed. */
  | { type: 'schedule.draftChanged'; change: Partial<Omit<ScheduleDraft, 'id'>> }
  /** Store the schedule being written. */
  | { type: 'schedule.saveRequested' }
  /** Leave the schedule being written unsaved. */
  | { type: 'schedule.editCancelled' }
  /** Stop sending a scheduled report. */
  | { type: 'schedule.removeRequested'; id: string };
