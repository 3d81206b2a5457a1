import type { GatewayLogger } from '../../gateway/logger';
import type { AlarmEvent, AlarmEvents, AlarmListener } from './events';

/**
 * app.alarms: tells e-mail and push what this instance stored. A listener's failure (thrown or rejected) is
 * logged and never reaches the alarm path or the other listeners; emit() does not wait for them.
 */
export class AlarmEmitter implements AlarmEvents {
  private readonly listeners = new Set<AlarmListener>();

  constructor(private readonly log: GatewayLogger) {}

  subscribe(listener: AlarmListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
