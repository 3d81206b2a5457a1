import type { SocketFactory, SocketListeners } from '../../../src/services/socket';

interface FakeConnection {
  token: string;
  listeners: SocketListeners;
  sent: string[];
  closed: boolean;
  send(text: string): void;
  close(): void;
}

/** A socket factory whose connections the test drives: open them, push messages, drop them. */
export function fakeSocketFactory() {
  const connections: FakeConnection[] = [];
  const factory: SocketFactory = (token, listeners) => {
    const connection: FakeConnection = {
      token,
      listeners,
      sent: [],
      closed: false,
      send(text) {
        this.sent.push(text);
      },
      close() {
        this.closed = true;
      },
    };
    connections.push(connection);
    return connection;
  };
  const last = () => {
    const connection = connections.at(-1);
    if (!connection) throw new Error('No socket connection was opened');
    return connection;
  };
  return { factory, connections, last };
}
