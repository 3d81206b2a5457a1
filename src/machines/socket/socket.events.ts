import type { AnyActorRef } from 'xstate';
import type { LiveLine, PageTopic, Topic } from '#contracts';

export type SocketEvent =
  /** Facts the connection reports. */
  | { type: 'socket.opened' }
  | { type: 'socket.messageReceived'; data: string }
  /** `code`: the WebSocket close code, when the server closed it (SERVER_RESTARTING: it went down on purpose). */
  | { type: 'socket.closed'; code?: number }
  /** Another actor wants the live values of `topic` (it receives `page.valuesPushed`). */
  | { type: 'socket.subscribe'; topic: Topic; subscriber: AnyActorRef }
  | { type: 'socket.unsubscribe'; topic: Topic; subscriber: AnyActorRef }
  /** Explicit disconnect (logout): closes and never reconnects. */
  | { type: 'socket.disconnect' };

/** What the socket sends each subscriber of a page topic when its LineValues arrive. */
export interface PageValuesPushed {
  type: 'page.valuesPushed';
  topic: PageTopic;
  /** The lines' live values; the rest of a line (name, options…) comes from the lines call. */
  lines: LiveLine[];
}

/** What the socket machine tells its connection actor. */
export type ConnectionCommand = { type: 'connection.send'; text: string };
