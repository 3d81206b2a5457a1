import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

interface Relayed {
  sockets: [Socket, Socket];
  /** Bytes no longer pass either way; the sockets stay open, as across a network partition. */
  swallowed: boolean;
}

export interface TcpProxy {
  port: number;
  /** The URL `url` (a postgres:// URL) through this proxy. */
  through(url: string): string;
  /** A partition: every connection, open or new, stays up but nothing passes. */
  swallow(): void;
  /** The network back for new connections only: those open during the partition stay silent for ever. */
  heal(): void;
  /** The database gone: open connections dropped, new ones refused (until open() again). */
  cut(): Promise<void>;
  open(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP relay to 127.0.0.1:`targetPort` for fault tests: it can swallow traffic, heal, cut and reopen. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const relayed = new Set<Relayed>();
  let swallowing = false;
  let server: Server | undefined;
  let port = 0;
  const relay = (client: Socket) => {
    const upstream = connect({ host: '127.0.0.1', port: targetPort });
    const entry: Relayed = { sockets: [client, upstream], swallowed: swallowing };
    relayed.add(entry);
    const forward = (from: Socket, to: Socket) => {
      from.on('data', (data) => {
        if (!entry.swallowed) to.write(data);
      });
      from.on('error', () => from.destroy());
      from.on('close', () => {
        to.destroy();
        relayed.delete(entry);
      });
    };
    forward(client, upstream);
    forward(upstream, client);
  };
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer(relay);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const entry of relayed) for (const socket of entry.sockets) socket.destroy();
      server?.close(() => resolve());
    });
  await open();
  return {
    get port() {
      return port;
    },
    through(url) {
      const proxied = new URL(url);
      proxied.host = `127.0.0.1:${port}`;
      return proxied.toString();
    },
    swallow() {
      swallowing = true;
      for (const entry of relayed) entry.swallowed = true;
    },
    heal() {
      swallowing = false;
    },
    cut: close,
    open,
    close,
  };
}
