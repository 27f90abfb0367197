import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasNoControlCharacters } from '../../shared/schemas/text';
import type { Env } from '../env';
import { escapeHtml } from '../escape-html';
import { errorBody } from '../http-error';
import { NO_SUCH_ENDPOINT } from './errors';
import { shortNameOf, webAppManifest } from './web-manifest';

type PageEncoding = 'br' | 'gzip';

/**
 * The compressed form of the app page the client accepts (brotli preferred at equal weight), or null for the
 * page as it is. Reads `Accept-Encoding` with its q-values: `gzip;q=0` refuses gzip, `*` stands for the rest.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): PageEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: PageEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/**
 * The page template's placeholders filled with the business's facts (escaped): its name, the short name of the top
 * bar on a phone, the splash's initial, and the office's e-mail and phone for the sign-in page (empty when not configured).
 */
export function fillBusinessFacts(
  template: string,
  env: Pick<Env, 'BUSINESS_NAME' | 'BUSINESS_SHORT_NAME' | 'BUSINESS_CONTACT_EMAIL' | 'BUSINESS_PHONE'>,
): string {
  const facts: Record<string, string> = {
    __BUSINESS_SHORT_NAME__: shortNameOf(env.BUSINESS_NAME, env.BUSINESS_SHORT_NAME),
    __BUSINESS_CONTACT_EMAIL__: env.BUSINESS_CONTACT_EMAIL ?? '',
    __BUSINESS_PHONE__: env.BUSINESS_PHONE ?? '',
    __BUSINESS_NAME__: env.BUSINESS_NAME,
    // The splash's mark (index.html), as the app's BrandMark draws it.
    __BUSINESS_INITIAL__: env.BUSINESS_NAME.trim().charAt(0).toUpperCase(),
  };
  return template.replace(/__BUSINESS_(?:SHORT_NAME|CONTACT_EMAIL|PHONE|NAME|INITIAL)__/g, (placeholder) => escapeHtml(facts[placeholder] ?? ''));
}

/**
 * Serves the built web app (dist/web) with a single-page fallback: any GET outside /api that is not a
 * file answers index.html, with the product name filled in. Unknown /api paths stay JSON 404s.
 *
 * Files are sent pre-compressed (the build writes `.br` and `.gz` next to them, scripts/compress-web.mjs) and
 * the app page, built in memory, is compressed once at start-up. In production source maps answer 404: they
 * are built for debugging, not published.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  env: Pick<Env, 'BUSINESS_NAME' | 'BUSINESS_SHORT_NAME' | 'BUSINESS_CONTACT_EMAIL' | 'BUSINESS_PHONE' | 'NODE_ENV'>,
): Promise<boolean> {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) return false;
  const hideSourceMaps = env.NODE_ENV === 'production';
  const indexHtml = Buffer.from(fillBusinessFacts(readFileSync(indexFile, 'utf8'), env));
  const indexVariants: Record<PageEncoding, Buffer> = {
    br: brotliCompressSync(indexHtml, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(indexHtml, { level: 9 }),
  };
  const manifest = JSON.stringify(
    webAppManifest({ businessName: env.BUSINESS_NAME, shortName: env.BUSINESS_SHORT_NAME }),
  );

  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: false,
    preCompressed: true,
    // No route for the page template (it still holds the placeholder), nor for source maps in production.
    globIgnore: ['index.html', 'index.html.*', ...(hideSourceMaps ? ['**/*.map'] : [])],
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (!encoding) return reply.send(indexHtml);
    return reply.header('Content-Encoding', encoding).send(indexVariants[encoding]);
  };

  app.get('/manifest.webmanifest', (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifest),
  );
  app.get('/', sendIndex);
  app.get('/*', (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(404).send(errorBody(404, NO_SUCH_ENDPOINT, 'NO_SUCH_ENDPOINT'));
    }
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
    } catch {
      return reply.status(400).type('text/plain').send('Bad request');
    }
    // No app route climbs out of a folder: answer any '..' segment (however encoded) as a bad request.
    if (relative.split(/[\\/]/).includes('..')) return reply.status(400).type('text/plain').send('Bad request');
    // No file or page name has a control character (a NUL would even make the file-system calls throw).
    if (!hasNoControlCharacters(relative)) return reply.status(400).type('text/plain').send('Bad request');
    if (relative === 'index.html') return sendIndex(request, reply);
    if (hideSourceMaps && relative.toLowerCase().endsWith('.map')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const candidate = path.join(webRoot, relative);
    const isFile = candidate.startsWith(webRoot + path.sep) && statSync(candidate, { throwIfNoEntry: false })?.isFile();
    if (relative && isFile && !candidate.endsWith('.html')) {
      return reply.sendFile(relative);
    }
    if (path.extname(urlPath) && !urlPath.includes('reset-password')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return sendIndex(request, reply);
  });
  return true;
}
