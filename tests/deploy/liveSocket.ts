import WebSocket from 'ws';
import { createActor, createMachine, fromCallback } from 'xstate';
import type { ConnectionCommand } from '../../src/machines/socket/socket.events';
import { socketMachine, type SocketInput } from '../../src/machines/socket/socketMachine';
import type { PageTopic } from '#contracts';
import { socketUrl } from '../../src/services/socket';

export interface LiveSocket {
  /** The instance (HAProxy's X-Served-By) of each connection opened so far, in order. */
  connections: (string | null)[];
  /** Each push of the topic's values: when it arrived and on which instance's connection. */
  pushes: { at: number; servedBy: string | null }[];
  stop(): void;
}

/**
 * A browser's live socket without the browser: the SPA's own socket machine (its reconnect rule: 1 s after a
 * "server restarting" close, 15 s after any other drop, everything subscribed again on each open) driving a Node
 * WebSocket, watching one device page.
 */
export function openLiveSocket(base: string, token: string, topic: PageTopic): LiveSocket {
  const connections: (string | null)[] = [];
  const pushes: LiveSocket['pushes'] = [];
  const connection = fromCallback<ConnectionCommand, SocketInput>(({ input, sendBack, receive }) => {
    const socket = new WebSocket(socketUrl(new URL(base), input.token));
    const index = connections.push(null) - 1;
    socket.on('upgrade', (response) => (connections[index] = String(response.headers['x-served-by'])));
    socket.on('open', () => sendBack({ type: 'socket.opened' }));
    socket.on('message', (data, isBinary) => {
      if (!isBinary) sendBack({ type: 'socket.messageReceived', data: String(data) });
    });
    socket.on('close', (code) => sendBack({ type: 'socket.closed', code }));
    // A refused upgrade (no instance behind the proxy) is followed by 'close', which the machine acts on.
    socket.on('error', () => undefined);
    receive((command) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(command.text);
    });
    return () => {
      socket.removeAllListeners('close');
      socket.terminate();
    };
  });
  const page = createActor(
    createMachine({
      on: {
        'page.valuesPushed': {
          actions: () => pushes.push({ at: Date.now(), servedBy: connections.at(-1) ?? null }),
        },
      },
    }),
  ).start();
  const socket = createActor(socketMachine.provide({ actors: { connection } }), { input: { token } }).start();
  socket.send({ type: 'socket.subscribe', topic, subscriber: page });
  return {
    connections,
    pushes,
    stop: () => {
      socket.send({ type: 'socket.disconnect' });
      socket.stop();
      page.stop();
    },
  };
}
