import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  /** Every message received, as raw RFC 822 text. */
  received: string[];
  url: string;
  /** Stops listening (a mail outage); start() comes back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (tests only). */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: string[] = [];
  const listen = async (port: number) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    // A client killed mid-conversation (the crash suite does that) resets its connection;
    // that is the client's failure to report, not the peer's.
    server.on('error', () => {});
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  const stopServer = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

  let server: SMTPServer | null = await listen(0);
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    async stop() {
      if (server) await stopServer(server);
      server = null;
    },
    async start() {
      server ??= await listen(port);
    },
    async close() {
      if (server) await stopServer(server);
      server = null;
    },
  };
}
