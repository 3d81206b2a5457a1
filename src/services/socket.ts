import { SOCKET_PATH } from '#contracts';

/** One open attempt of the real-time socket, as the socket machine drives it. */
interface SocketConnection {
  send(text: string): void;
  close(): void;
}

/** What a connection reports; nothing is reported after `close()` was called. */
export interface SocketListeners {
  opened(): void;
  received(data: string): void;
  /** The connection failed to open or was closed by the server or the network (`code`: the close code). */
  closed(code?: number): void;
}

/** Opens one connection with the session token; the socket machine calls it again to reconnect. */
export type SocketFactory = (token: string, listeners: SocketListeners) => SocketConnection;

/** ws(s)://<host>/client-connect?Authorization=<token> (browsers cannot give a WebSocket headers). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${SOCKET_PATH}?Authorization=${encodeURIComponent(token)}`;
}

const OPEN = 1;
type WebSocketConstructor = new (url: string) => WebSocket;

/**
 * A plain WebSocket per attempt. reconnecting-websocket is deliberately not used here: it reconnects on its own
 * (with its own backoff and without our heartbeat), which would fight the socket machine that owns the rules of
 * SPEC §4/§9 (reconnect 15 s after a drop, close and reconnect on a pong timeout, no reconnection after an
 * explicit disconnect). One attempt = one WebSocket keeps the machine the single source of truth.
 */
export function createSocketFactory(
  location: Pick<Location, 'protocol' | 'host'>,
  WebSocketImpl: WebSocketConstructor = WebSocket,
): SocketFactory {
  return (token, listeners) => {
    const socket = new WebSocketImpl(socketUrl(location, token));
    let closedByUs = false;
    socket.onopen = () => listeners.opened();
    socket.onmessage = (message: MessageEvent) => {
      if (typeof message.data === 'string') listeners.received(message.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (!closedByUs) listeners.closed(event.code);
    };
    return {
      send(text) {
        // Sends before the open or after a drop are lost; the machine re-subscribes on every open.
        if (socket.readyState === OPEN) socket.send(text);
      },
      close() {
        closedByUs = true;
        socket.close();
      },
    };
  };
}
