import { SMTPServer } from 'smtp-server';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free port; `refuse` makes it answer 451 (try again later) to every message.
 * `onReceived` hears each message as its DATA ends (the benches time the delivery by it).
 */
export async function startSmtpServer(options: { onReceived?: (mail: Received) => void } = {}) {
  const received: Received[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) {
          return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        }
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        options.onReceived?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
