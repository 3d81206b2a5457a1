import { fromCallback } from 'xstate';
import type { SocketFactory } from '../../services/socket';
import type { ConnectionCommand } from './socket.events';
import { socketMachine, type SocketInput } from './socketMachine';

/** The socket machine on a socket factory: each attempt is one connection reporting to the machine. */
export const provideSocket = (socket: SocketFactory) =>
  socketMachine.provide({
    actors: {
      connection: fromCallback<ConnectionCommand, SocketInput>(({ input, sendBack, receive }) => {
        const connection = socket(input.token, {
          opened: () => sendBack({ type: 'socket.opened' }),
          received: (data) => sendBack({ type: 'socket.messageReceived', data }),
          closed: (code) => sendBack({ type: 'socket.closed', code }),
        });
        receive((command) => connection.send(command.text));
        return () => connection.close();
      }),
    },
  });
