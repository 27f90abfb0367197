import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { COMPRESSION_THRESHOLD } from '../cache/cached-json';

/**
 * Types worth compressing per response: JSON, text (CSV exports included) and XML. Never `text/event-stream`
 * (a stream must reach the browser event by event) and never binary or already compressed files.
 */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/u;


/**
 * Compresses API responses of 1 KB or more (brotli or gzip, as the client accepts) with @fastify/compress.
 * The web app's files are compressed once at build time (scripts/compress-web.mjs) and its page in memory
 * (plugins/web.ts), so routes outside /api are left alone: nothing is compressed twice.
 * Must be registered before any route.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // onRoute hooks run in the order they are added: this one decides before @fastify/compress's own.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    // Per-response compression must be cheap: brotli's default (quality 11) costs tens of milliseconds of CPU on
    // a calendar answer; quality 4 is still smaller than gzip -6 at a fraction of that. (Build-time files use 11.)
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies are not decompressed: no client sends them compressed, and the webhook signature is over
    // the bytes as sent.
    globalDecompression: false,
  });
}
