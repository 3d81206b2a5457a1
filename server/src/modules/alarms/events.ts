/**
 * What the alarms module tells the rest of the server (e-mail, web push) about alarm occurrences. Emitted once
 * across instances: only by the instance that stored the change (the database decides, see the service).
 */
export interface AlarmOccurrence {
  id: string;
  tenantId: string;
  tenant: string;
  hexacode: string;
  deviceName: string;
  businessGroupName: string | null;
  department: number;
  subDepartment: number;
  departmentName: string | null;
  /** The first page of the department: the page route the e-mail and the notification lead to. */
  page: number;
  code: string;
  /** The ADF's name for the code (English), when the model names it. */
  adfName: string | null;
  raisedAt: Date;
  clearedAt: Date | null;
}

export type AlarmEvent =
  | { type: 'alarm.raised'; occurrence: AlarmOccurrence }
  | { type: 'alarm.cleared'; occurrence: AlarmOccurrence }
  | { type: 'alarm.acknowledged'; occurrence: AlarmOccurrence; by: string; comment: string };

export type AlarmListener = (event: AlarmEvent) => void | Promise<void>;

/** Fan-out of stored alarm changes; a listener that fails is logged by the emitter and never stops the others. */
export interface AlarmEvents {
  subscribe(listener: AlarmListener): () => void;
}
