import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../db/client';
import { IDEMPOTENCY_KEY_HEADER, parseIdempotencyKey, requestHash } from '../services/idempotency/idempotency-key';
import { runIdempotentWrite } from '../services/idempotency/run-idempotent-write';

/** The response schema a route declared for a status (what its serializer keeps). */
function responseSchemaOf(request: FastifyRequest, status: number): z.ZodType | undefined {
  const response = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
  const schema = response[String(status)];
  return schema instanceof z.ZodType ? schema : undefined;
}

/**
 * Answers a write a person may repeat (a double tap, a retry after a lost answer): runs `write` in the
 * request's unit of work (plugins/unit-of-work.ts) and sends its result with `status`. With an
 * `Idempotency-Key` header, a repeat by the same user within 24 hours gets the first answer again and changes
 * nothing; the same key with another request is 422; a malformed key is 400
 * (services/idempotency/run-idempotent-write.ts). Without the header the write runs as it always did.
 *
 * The stored answer is the body as the route's response schema sends it, so a field the schema drops is
 * never stored either; a replay goes through the same serializer and is sent byte for byte the same.
 * Replays carry `Idempotent-Replayed: true`.
 */
export async function repeatableWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { actorId: string; status?: number },
  write: (tx: Tx) => Promise<unknown>,
): Promise<FastifyReply> {
  const status = options.status ?? 200;
  const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
  const schema = key ? responseSchemaOf(request, status) : undefined;
  const claim =
    key === null
      ? null
      : {
          userId: options.actorId,
          key,
          requestHash: requestHash({
            method: request.method,
            route: request.routeOptions.url ?? request.url,
            params: request.params,
            body: request.body,
          }),
        };
  const answer = await request.unitOfWork((tx) =>
    runIdempotentWrite(
      tx,
      { claim, successStatus: status, now: request.server.clock() },
      schema ? async (savepoint) => z.encode(schema, await write(savepoint)) : write,
    ),
  );
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.status).send(answer.body);
}
