/**
 * The e-mail sender's own thread (entry point dist/server/mail-thread.js, started by ThreadedMailSender): renders
 * templates (bodies and calendar files) and talks SMTP off the thread that answers requests. Each message posted
 * in is answered with `{ id, sent }` or `{ id, failure }` (the error's name, message and code: enough for the
 * worker's retry, log and last_error).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createMailSender, type MailerOptions, type OutgoingMessage } from './mail-sender';

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
