import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  /** Every message received, as raw RFC 822 text. */
  received: string[];
  url: string;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (tests only). */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: string[] = [];
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
