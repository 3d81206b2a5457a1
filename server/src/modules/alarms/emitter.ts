import type { Database } from '../../db/client';
import type { GatewayLogger } from '../../gateway/logger';
import type { AlarmEvent, AlarmEvents, AlarmListener, AlarmWriter } from './events';

/**
 * app.alarms: tells e-mail and push what this instance stored. A listener's failure (thrown or rejected) is
 * logged and never reaches the alarm path or the other listeners; emit() does not wait for them.
 */
export class AlarmEmitter implements AlarmEvents {
  private readonly listeners = new Set<AlarmListener>();
  private readonly writers = new Set<AlarmWriter>();

  constructor(private readonly log: GatewayLogger) {}

  subscribe(listener: AlarmListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  addWriter(writer: AlarmWriter): () => void {
    this.writers.add(writer);
    return () => this.writers.delete(writer);
  }

  /**
   * Runs every writer in `tx`, each in a savepoint of its own: one that fails (a bug, a bad row) loses its own
   * rows only, is logged, and neither undoes the alarm nor stops the other writers.
   */
  async writeAll(event: AlarmEvent, tx: Database): Promise<void> {
    for (const writer of this.writers) {
      try {
        await tx.transaction((savepoint) => writer(event, savepoint as unknown as Database));
      } catch (error) {
        this.log.error({ err: error, type: event.type }, 'alarms: writer failed');
      }
    }
  }

  emit(event: AlarmEvent): void {
    for (const listener of this.listeners) {
      const failed = (error: unknown) =>
        this.log.error({ err: error, type: event.type }, 'alarms: listener failed');
      try {
        void Promise.resolve(listener(event)).catch(failed);
      } catch (error) {
        failed(error);
      }
    }
  }
}
