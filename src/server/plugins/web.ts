import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * Serves the built web app (dist/web) with a single-page fallback: any GET outside /api that is not a
 * file answers index.html, with the product name filled in. Unknown /api paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string, businessName: string): Promise<boolean> {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8').replaceAll('__BUSINESS_NAME__', escapeHtml(businessName));

  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/*', (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(404).send({ message: `No such endpoint: GET ${urlPath}` });
    }
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
    } catch {
      return reply.status(400).type('text/plain').send('Bad request');
    }
    // No app route climbs out of a folder: answer any '..' segment (however encoded) as a bad request.
    if (relative.split(/[\\/]/).includes('..')) return reply.status(400).type('text/plain').send('Bad request');
    const candidate = path.join(webRoot, relative);
    const isFile = candidate.startsWith(webRoot + path.sep) && statSync(candidate, { throwIfNoEntry: false })?.isFile();
    if (relative && isFile && !candidate.endsWith('.html')) {
      return reply.sendFile(relative);
    }
    if (path.extname(urlPath) && !urlPath.includes('reset-password')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return sendIndex(reply);
  });
  return true;
}
