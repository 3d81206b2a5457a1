import type { GatewayLogger } from '../../gateway/logger';

/** How a socket is closed when its session ends (4401: the 401 of the 4000–4999 range left to applications). */
export const SESSION_ENDED = { code: 4401, reason: 'session ended' } as const;

const DEFAULT_SESSION_CHECK_MS = 30_000;

export interface SessionSocketsOptions {
  auth: {
    /** Which of these session token hashes are still valid (one database query for all of them). */
    liveSessions(tokenHashes: readonly string[]): Promise<Set<string>>;
    /** The logouts through this instance, as they happen. */
    onSessionRevoked(listener: (tokenHash: string) => void): () => void;
  };
  /** How often the sessions of open sockets are re-validated. Default 30 s. */
  intervalMs: number | undefined;
  log: GatewayLogger;
  /** How many one session may hold at once (a few tabs' worth). */
  maxPerSession: number;
}

/**
 * The open sockets (or alarm streams) by session, at most `maxPerSession` each. A socket is authenticated once, at
 * the upgrade, so without this it would outlive its session. A logout through this instance ends its sockets at
 * once (end()); a logout through another instance, and expiry, are found by the periodic re-validation, since
 * instances share only the database.
 */
export class SessionSockets {
  private readonly byToken = new Map<string, Set<() => void>>();
  private readonly timer: NodeJS.Timeout;
  private readonly stopListening: () => void;
  private checking = false;

  constructor(private readonly options: SessionSocketsOptions) {
    this.timer = setInterval(() => void this.revalidate(), options.intervalMs ?? DEFAULT_SESSION_CHECK_MS);
    this.timer.unref();
    this.stopListening = options.auth.onSessionRevoked((tokenHash) => this.end(tokenHash));
  }

  /**
   * Tracks a socket of a session; `close` closes it with SESSION_ENDED. Returns the function that forgets it, or
   * null when the session already holds as many as it may (the caller refuses the new one).
   */
  add(tokenHash: string, close: () => void): (() => void) | null {
    let set = this.byToken.get(tokenHash);
    if (!set) this.byToken.set(tokenHash, (set = new Set()));
    if (set.size >= this.options.maxPerSession) return null;
    set.add(close);
    return () => {
      set.delete(close);
      if (set.size === 0 && this.byToken.get(tokenHash) === set) this.byToken.delete(tokenHash);
    };
  }

  /** Closes every socket of a session that has ended. */
  end(tokenHash: string): void {
    const set = this.byToken.get(tokenHash);
    if (!set) return;
    this.byToken.delete(tokenHash);
    for (const close of set) {
      try {
        close();
      } catch (error) {
        this.options.log.warn({ err: error }, 'realtime: closing a socket of an ended session failed');
      }
    }
  }

  /** Asks the database which sessions with open sockets are still valid and ends the others. */
  async revalidate(): Promise<void> {
    if (this.checking || this.byToken.size === 0) return;
    this.checking = true;
    try {
      const asked = [...this.byToken.keys()];
      const live = await this.options.auth.liveSessions(asked);
      for (const tokenHash of asked) if (!live.has(tokenHash)) this.end(tokenHash);
    } catch (error) {
      // A database hiccup must not sign everyone out: keep the sockets and try again next time.
      this.options.log.warn({ err: error }, 'realtime: session re-validation failed');
    } finally {
      this.checking = false;
    }
  }

  stop(): void {
    this.stopListening();
    clearInterval(this.timer);
  }
}
