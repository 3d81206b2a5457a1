import type { Database } from '../../db/client';

/**
 * What the alarms module tells the rest of the server (e-mail, web push) about alarm occurrences. Emitted once
 * across instances: only by the instance that stored the change (the database decides, see the store).
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
  /** The department's name in other languages (by lower-case code) where it is the ADF's own name. */
  departmentNames?: Readonly<Record<string, string>>;
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

/** Writes what must follow a raise or clear (outbox rows) with `tx`, the transaction that stores it. */
export type AlarmWriter = (event: AlarmEvent, tx: Database) => Promise<void>;

/** Fan-out of stored alarm changes; a listener or writer that fails is logged and never stops the others. */
export interface AlarmEvents {
  /** Told after the change is committed, in this instance only (it may die first: nothing durable here). */
  subscribe(listener: AlarmListener): () => void;
  /**
   * Writes in the transaction that stores a raise or clear, so the change and what it must lead to are committed
   * together or not at all (an instance killed in between leaves neither, and another instance stores both).
   */
  addWriter(writer: AlarmWriter): () => void;
}
