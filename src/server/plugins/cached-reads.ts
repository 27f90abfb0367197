import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import { cachedJson, type CachedView } from '../cache/cached-json';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Declares a GET route's answer cacheable (docs/decisions/012-read-caches.md): the entry's key and the change
     * topics that drop it, from the request (signed in, query validated). The handler then only loads the
     * answer; the cache, the serialisation through the 200 schema and the compression are the plugin's.
     */
    cachedRead?: (request: FastifyRequest) => CachedView;
  }
}

/**
 * Wraps the handler of every route that declares `config.cachedRead` in the views cache (cache/cached-json.ts).
 * Registered before the routes (an onRoute hook sees only routes added after it).
 */
export function registerCachedReads(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const view = route.config?.cachedRead;
    if (!view) return;
    const methods = ([] as string[]).concat(route.method);
    const schema = (route.schema?.response as Record<string, unknown> | undefined)?.['200'];
    if (methods.some((method) => method !== 'GET' && method !== 'HEAD') || !(schema instanceof z.ZodType)) {
      throw new Error(`${methods.join(',')} ${route.url}: a cached read is a GET route with a 200 response schema`);
    }
    const load = route.handler;
    route.handler = function cachedHandler(request, reply) {
      return cachedJson(request, reply, view(request), schema, () => Promise.resolve(load.call(this, request, reply)));
    } as RouteHandlerMethod;
  });
}
