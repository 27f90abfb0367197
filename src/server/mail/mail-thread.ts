/**
 * The e-mail sender's own thread (entry point dist/server/mail-thread.js, started by ThreadedMailSender): renders
 * templates (bodies and calendar files) and talks SMTP off the thread that answers requests. Each message posted
 * in is answered with `{ id, sent }` or `{ id, failure }` (the error's name, message and code: enough for the
 * worker's retry, log and last_error).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createMailSender, type MailerOptions, type OutgoingMessage } from './mail-sender';

/**
 * The thread runs at a lower CPU priority than the requests (Linux: a nice value is a thread's own; its id is the
 * last part of /proc/thread-self). E-mail is queued in the outbox, so it can wait: during a booking rush the
 * thread uses what the requests leave, and catches up right after (docs/performance.md). Elsewhere it stays as is.
 */
const MAIL_THREAD_NICE = 10;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), MAIL_THREAD_NICE);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}

const sender = createMailSender(workerData as MailerOptions);
parentPort!.on('message', (request: { id: number; message: OutgoingMessage } | 'close') => {
  if (request === 'close') {
    void sender.close().then(() => parentPort!.close());
    return;
  }
  sender.send(request.message).then(
    (sent) => parentPort!.postMessage({ id: request.id, sent }),
    (error: unknown) => {
      const err = error instanceof Error ? error : new Error(String(error));
      const { code, responseCode } = err as Error & { code?: unknown; responseCode?: unknown };
      parentPort!.postMessage({ id: request.id, failure: { name: err.name, message: err.message, code: code ?? responseCode } });
    },
  );
});
