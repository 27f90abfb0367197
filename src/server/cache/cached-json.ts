import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** One cached answer: its key in the views cache and the change topics that make it stale (read-caches.ts). */
export interface CachedView {
  key: string;
  tags: readonly string[];
}

/**
 * A GET route's answer from the instance's views cache, or loaded, serialised through the route's response
 * schema (what the schema serializer would send: unknown fields dropped) and cached as JSON text. A hit costs
 * neither a query nor a serialisation. The handler returns the result: it is the JSON text, typed as the
 * schema's output so the route keeps its typed signature; with the content type set, Fastify sends a string
 * as it is (an async handler must return what it sends rather than call reply.send itself).
 */
export async function cachedJson<S extends z.ZodType>(
  reply: FastifyReply,
  view: CachedView,
  schema: S,
  load: () => Promise<z.output<S>>,
): Promise<z.output<S>> {
  await reply.server.readCaches.beforeRead();
  const json = await reply.server.readCaches.views.get(view.key, view.tags, async () => JSON.stringify(z.encode(schema, await load())));
  reply.type('application/json; charset=utf-8');
  return json as unknown as z.output<S>;
}
