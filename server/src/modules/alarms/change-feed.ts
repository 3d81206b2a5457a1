import type { Database } from '../../db/client';
import { DatabaseChannel } from '../../db/notifications';
import type { GatewayLogger } from '../../gateway/logger';

/** A stored change of one device's alarms, numbered by the change log. */
export interface AlarmChange {
  tenantId: string;
  hexacode: string;
  id: number;
}

const CHANNEL = 'coldwatch_alarm_changes';

const parseChange = ({ tenantId, hexacode, id }: Record<string, unknown>): AlarmChange | null =>
  typeof tenantId === 'string' && typeof hexacode === 'string'
    ? { tenantId, hexacode, id: Number(id) }
    : null;

/**
 * Tells every server instance that an alarm changed, through the database they share (docs/decisions/, "Alarm
 * fan-out"): the instance that stored the change NOTIFYs the others in the transaction that stores it (PostgreSQL
 * sends it at commit, and never when the transaction dies), then tells its own clients (`deliver`) once committed.
 */
export class ChangeFeed extends DatabaseChannel<AlarmChange> {
  constructor(db: Database, log: GatewayLogger) {
    super(db, log, CHANNEL, parseChange);
  }
}
