import { Worker } from 'node:worker_threads';
import type { MailerOptions, MailSender, OutgoingMessage, SentMail } from './mail-sender';

/** How long close() lets the thread end by itself. */
const CLOSE_WAIT_MS = 2_000;

type Reply = { id: number; sent: SentMail } | { id: number; failure: { name: string; message: string; code?: unknown } };

/**
 * A MailSender whose rendering and sending run in a thread of their own (mail-thread.ts), so a booking rush's
 * confirmations (each a rendered body and calendar file) do not take the request thread's time. A thread that
 * dies fails the sends under way (the worker retries them with backoff) and is started again on the next send.
 */
export class ThreadedMailSender implements MailSender {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (sent: SentMail) => void; reject: (error: Error) => void }>();

  constructor(
    private readonly threadFile: URL,
    private readonly options: MailerOptions,
  ) {}

  send(message: OutgoingMessage): Promise<SentMail> {
    const worker = (this.worker ??= this.start());
    const id = ++this.seq;
    return new Promise<SentMail>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, message });
    });
  }

  /**
   * Closes the thread: its sender abandons a send still under way (EmailWorker.stop handed that message back) and
   * the thread ends; one that has not ended within CLOSE_WAIT_MS (a connection that will not close) is terminated.
   */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
    await exited;
    clearTimeout(timer);
  }

  private start(): Worker {
    const worker = new Worker(this.threadFile, { workerData: this.options });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('sent' in reply) waiting.resolve(reply.sent);
      else waiting.reject(Object.assign(new Error(reply.failure.message), { name: reply.failure.name, code: reply.failure.code }));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the email thread stopped (exit code ${code})`)));
    return worker;
  }
}
