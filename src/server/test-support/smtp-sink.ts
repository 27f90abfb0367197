import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  messages: Email[];
  /** Resolves with the first message matching (or rejects after the timeout). */
  waitFor(match: (email: Email) => boolean, timeoutMs?: number): Promise<Email>;
  /** The first message to `to` whose subject starts with `subjectStart`. */
  waitForMail(to: string, subjectStart: string): Promise<Email>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /**
   * Decides, once a message has arrived in full, whether the server accepts it (the n-th message, from 0): it is
   * accepted (250, and kept in `messages`) when this resolves, refused with the reply code of the error it throws
   * (`Object.assign(new Error('…'), { responseCode: 451 })`), and left without an answer while it waits (a server
   * that hangs mid-send).
   */
  gate?: (email: Email, n: number) => void | Promise<void>;
}

/** A real SMTP server in-process that keeps every message it receives, parsed. */
export async function startSmtpSink(port = 0, options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: Email[] = [];
  let arrived = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // An SMTP_URL with a user and password signs in (over the loopback, without TLS): any is accepted.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    logger: false,
    // close(): a connection still open (a send left hanging by the gate) is cut after this long.
    closeTimeout: 500,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then(async (email) => {
            await options.gate?.(email, arrived++);
            messages.push(email);
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no matching email among ${messages.length}: ${messages.map((m) => m.subject).join(' | ')}`);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    waitForMail(to, subjectStart) {
      return sink.waitFor((m) => m.to?.some((a) => a.address === to) === true && (m.subject ?? '').startsWith(subjectStart));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}
