import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package): speaks the protocol, records what
 * it receives, and can be told to refuse delivery (as a mail server that is down would).
 */
export async function startSmtpServer(options: { user?: string; pass?: string } = {}) {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    secure: false,
    authOptional: !options.user,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onMailFrom(_address, _session, callback) {
      if (refusing)
        return callback(Object.assign(new Error('Service unavailable'), { responseCode: 421 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  const credentials = options.user
    ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass ?? '')}@`
    : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    refuse(on: boolean) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
