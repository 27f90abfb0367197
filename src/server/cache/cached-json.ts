import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Responses smaller than this go out as they are: compressing them saves less than it costs (plugins/compression.ts). */
export const COMPRESSION_THRESHOLD = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One cached answer: its key in the views cache and the change topics that make it stale (read-caches.ts). */
export interface CachedView {
  key: string;
  tags: readonly string[];
}

/** What the views cache keeps: the JSON text, and its compressed forms once a client asked for them. */
export interface CachedAnswer {
  json: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

type Encoding = 'br' | 'gzip';

/** brotli if the client takes it, else gzip, else none (a q=0 refuses; `*` takes brotli). */
export function preferredEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  const weights = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const takes = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

const compressors: Record<Encoding, (text: string) => Promise<Buffer>> = {
  // The same settings as plugins/compression.ts applies to other answers.
  br: (text) => brotli(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (text) => gzipAsync(text, { level: 6 }),
};

/**
 * A GET route's answer from the instance's views cache, or loaded, serialised through the route's response
 * schema (what the schema serializer would send: unknown fields dropped) and cached as JSON text. A hit costs
 * neither a query nor a serialisation, and an answer of 1 KB or more is compressed once per encoding (not once
 * per response) for the clients that accept it. The handler returns the result: the JSON text (or its
 * compressed bytes), typed as the schema's output so the route keeps its typed signature; with the content type
 * set, Fastify sends a string or a buffer as it is (an async handler must return what it sends rather than call
 * reply.send itself).
 */
export async function cachedJson<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  view: CachedView,
  schema: S,
  load: () => Promise<z.output<S>>,
): Promise<z.output<S>> {
  const caches = reply.server.readCaches;
  await caches.beforeRead();
  const answer = await caches.views.get(view.key, view.tags, async () => ({ json: JSON.stringify(z.encode(schema, await load())), encoded: {} }));
  reply.type('application/json; charset=utf-8');
  if (answer.json.length >= COMPRESSION_THRESHOLD) {
    reply.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) {
      const bytes = await (answer.encoded[encoding] ??= compressors[encoding](answer.json));
      reply.header('content-encoding', encoding);
      return bytes as unknown as z.output<S>;
    }
  }
  return answer.json as unknown as z.output<S>;
}
