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
export async function startSmtpServer(
  options: {
    user?: string;
    pass?: string;
    /** Listen on this port (a server that comes back where it was); else any free one. */
    port?: number;
    /** Answer each message this much later (a slow mail server). */
    delayMs?: number;
  } = {},
) {
  const received: ReceivedMail[] = [];
  let refusing = false;
  let holding = false;
  const held: (() => void)[] = [];
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
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (holding) held.push(accept);
        else if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  const credentials = options.user
    ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass ?? '')}@`
    : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    received,
    refuse(on: boolean) {
      refusing = on;
    },
    /** While on, messages are read but not answered (a server that hangs mid-delivery). */
    hold(on: boolean) {
      holding = on;
      if (!on) for (const accept of held.splice(0)) accept();
    },
    /** How many messages are waiting for an answer. */
    held: () => held.length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
