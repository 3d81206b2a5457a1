/** A device a chart reads (one request of marks each): its hexacode and department ("1.0"). */
export interface MarkedDevice {
  hexacode: string;
  department: string;
}

/** The devices and range (ISO) a chart shows, which its marks are asked for. */
export interface MarksRange {
  devices: MarkedDevice[];
  from: string;
  to: string;
}

export type AlarmMarksEvent =
  /** The user shows or hides the alarms on the chart. */
  | { type: 'alarmMarks.toggle' }
  /** Load the marks again after they failed to load. */
  | { type: 'alarmMarks.retry' }
  /** The chart showed an answer (its history query tells): marks shown follow its devices and range. */
  | ({ type: 'alarmMarks.rangeShown' } & MarksRange);
