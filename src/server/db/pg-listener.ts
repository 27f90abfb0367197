import pg from 'pg';

/** What a LISTEN subscriber is told. */
export interface ChannelListener {
  /** One notification's payload, in commit order. */
  message(payload: string): void;
  /**
   * Notifications may have been missed: `connected` false when the listening connection was lost (nothing
   * arrives until it is back), true once it listens again. Either way, drop whatever the messages guard.
   */
  reset(connected: boolean): void;
}

export interface Subscription {
  close(): Promise<void>;
}

const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * LISTEN on a dedicated PostgreSQL connection (never a pooled one: a pooled connection is shared, and a
 * connection pooler in transaction mode would drop the subscription). A lost connection is reported at once
 * and re-established with backoff; the first notification is only trusted after `reset(true)`.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  listener: ChannelListener,
  options: { connectTimeoutMs?: number } = {},
): Promise<Subscription> {
  let closed = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    // keepAlive: a connection to a server that vanished (a host down, a partition) is noticed and re-established.
    const next = new pg.Client({
      connectionString: url,
      application_name: 'portal-listener',
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      listener.reset(false);
      schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (msg) => {
      if (msg.channel === channel) listener.message(msg.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      if (client === next) {
        client = null;
        next.end().catch(() => undefined);
      }
      throw err;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    failures = 0;
    listener.reset(true);
  };

  const schedule = () => {
    if (closed || retryTimer) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(() => {
        listener.reset(false);
        schedule();
      });
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
