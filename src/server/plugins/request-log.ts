import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Env } from '../env';

type Level = 'error' | 'warn' | 'info' | 'debug';

/** pino's level numbers (LOG_LEVEL=silent logs nothing). */
const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/**
 * One log line per request, when it completes, instead of Fastify's two ('incoming request' and 'request
 * completed', both at info): `debug` for a fast success, `info` for a refusal (4xx), `warn` for anything slower
 * than SLOW_REQUEST_MS, `error` for a 5xx or a broken response. At the default level `info` a busy morning writes
 * a line per refusal and per slow or failed request, not two per request; LOG_LEVEL=debug gives a full access
 * log. The address is logged with secret query values and the calendar feed's token replaced, judged once
 * decoded and normalised (logging.ts redactedUrl); headers, cookies and bodies never are. The level is checked before the line is built: a fast success costs no log work.
 */
export class RequestLogController extends LogController {
  private readonly threshold: number;
  private readonly slowMs: number;

  constructor(env: Pick<Env, 'LOG_LEVEL' | 'SLOW_REQUEST_MS'>) {
    super();
    this.threshold = LEVEL_VALUES[env.LOG_LEVEL] ?? 30;
    this.slowMs = env.SLOW_REQUEST_MS;
  }

  override incomingRequest(): void {
    /* one line per request, at completion */
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const responseTime = reply.elapsedTime;
    const level: Level = error || status >= 500 ? 'error' : responseTime >= this.slowMs ? 'warn' : status >= 400 ? 'info' : 'debug';
    if (LEVEL_VALUES[level]! < this.threshold) return;
    const line = { req: request, statusCode: status, responseTime: Math.round(responseTime * 10) / 10, ...(error ? { err: error } : {}) };
    request.log[level](line, error ? 'request errored' : 'request completed');
  }
}
