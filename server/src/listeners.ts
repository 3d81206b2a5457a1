/**
 * The listeners of one kind of message (the gateway's events, a database channel's notifications): each hears
 * every message told; one that throws is reported to `failed`, and the others still hear the message.
 */
export class Listeners<T> {
  private readonly all = new Set<(message: T) => void>();

  constructor(private readonly failed: (error: unknown, message: T) => void) {}

  /** Adds `listener`; answers the function that removes it. */
  add(listener: (message: T) => void): () => void {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }

  tell(message: T): void {
    for (const listener of this.all) {
      try {
        listener(message);
      } catch (error) {
        this.failed(error, message);
      }
    }
  }
}
