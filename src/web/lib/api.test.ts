import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiErrorMessage, apiRequest, errorCodeOf, errorStatusOf, getQueryFn } from './api';

// The data layer against a real local HTTP server that answers as the spec's error catalogue describes.
interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}
let server: Server;
let base: string;
const seen: Seen[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ method: req.method!, url: req.url!, contentType: req.headers['content-type'], body: await readBody(req) });
    if (req.url === '/json-error') {
      res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'This session is full', code: 'SESSION_FULL' }));
    } else if (req.url === '/field-errors') {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: 'endpoint: Endpoint is required', errors: [{ field: 'endpoint', message: 'Endpoint is required' }, { field: 'name', message: 'Name is required' }] }));
    } else if (req.url === '/one-field') {
      res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'A webhook with this endpoint already exists', field: 'endpoint' }));
    } else if (req.url === '/text-error') {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway from proxy');
    } else if (req.url === '/html-error') {
      res.writeHead(413, { 'content-type': 'text/html' }).end('<html><body><h1>413 Request Entity Too Large</h1></body></html>');
    } else if (req.url === '/empty-error') {
      res.writeHead(503).end();
    } else if (req.url === '/unauthorized') {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Please sign in to continue' }));
    } else if (req.url === '/empty-ok') {
      res.writeHead(204).end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, url: req.url }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiRequest', () => {
  it('sends a JSON body and content type only when there is a payload', async () => {
    seen.length = 0;
    await apiRequest('POST', `${base}/with`, { sessionId: 'x', childNames: ['Ava'] });
    await apiRequest('POST', `${base}/without`);
    expect(seen[0]).toEqual({ method: 'POST', url: '/with', contentType: 'application/json', body: '{"sessionId":"x","childNames":["Ava"]}' });
    expect(seen[1]).toEqual({ method: 'POST', url: '/without', contentType: undefined, body: '' });
  });

  it('resolves with the parsed body, or undefined for an empty one', async () => {
    expect(await apiRequest('GET', `${base}/thing`)).toEqual({ ok: true, url: '/thing' });
    expect(await apiRequest('DELETE', `${base}/empty-ok`)).toBeUndefined();
  });

  it('turns failures into "<status>: <message | body text | status text>"', async () => {
    await expect(apiRequest('POST', `${base}/json-error`, {})).rejects.toThrow(/^409: This session is full$/);
    await expect(apiRequest('GET', `${base}/text-error`)).rejects.toThrow(/^502: Bad gateway from proxy$/);
    await expect(apiRequest('GET', `${base}/empty-error`)).rejects.toThrow(/^503: Service Unavailable$/);
  });
});

describe('default query function', () => {
  const context = (queryKey: string[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined, client: undefined }) as never;

  it('GETs the query key segments joined with slashes', async () => {
    seen.length = 0;
    const result = await getQueryFn({ on401: 'throw' })(context([base, 'api', 'me', 'bookings']));
    expect(result).toEqual({ ok: true, url: '/api/me/bookings' });
    expect(seen[0]!.method).toBe('GET');
  });

  it('treats 401 as an error by default, or as null when asked', async () => {
    await expect(getQueryFn({ on401: 'throw' })(context([`${base}/unauthorized`]))).rejects.toThrow(
      '401: Please sign in to continue',
    );
    expect(await getQueryFn({ on401: 'returnNull' })(context([`${base}/unauthorized`]))).toBeNull();
  });
});

describe('apiErrorMessage', () => {
  it('shows the server message, or the fallback', () => {
    expect(apiErrorMessage(new Error('409: This session is full'), 'Failed to book session')).toBe('This session is full');
    expect(apiErrorMessage(new Error('Failed to fetch'), 'Failed to book session')).toBe('Failed to book session');
    expect(apiErrorMessage('weird', 'Fallback')).toBe('Fallback');
  });

  it('never shows a person a status code, a status text or a proxy page (issue 20)', async () => {
    const failure = (url: string) => apiRequest('GET', `${base}${url}`).catch((e: unknown) => e);
    expect(apiErrorMessage(await failure('/json-error'), 'Fallback')).toBe('This session is full');
    expect(apiErrorMessage(await failure('/text-error'), 'Fallback')).toBe('Something went wrong on our side. Please try again.');
    expect(apiErrorMessage(await failure('/empty-error'), 'Fallback')).toBe('Something went wrong on our side. Please try again.');
    expect(apiErrorMessage(await failure('/html-error'), 'Fallback')).toBe('Fallback');
    expect(apiErrorMessage(await failure('/unauthorized'), 'Fallback')).toBe('Please sign in to continue');
  });
});

describe('ApiError', () => {
  it("carries the server's code (issue 30): screens branch on it, and the text stays spec 8's", async () => {
    const full = await apiRequest('POST', `${base}/json-error`, {}).catch((e: unknown) => e);
    expect(full).toMatchObject({ status: 409, code: 'SESSION_FULL', message: '409: This session is full' });
    expect(errorCodeOf(full)).toBe('SESSION_FULL');
    expect(errorStatusOf(full)).toBe(409);
    // An answer without a code of ours (a proxy's page, a field list without one): null, never a guess from the text.
    expect(errorCodeOf(await apiRequest('GET', `${base}/html-error`).catch((e: unknown) => e))).toBeNull();
    expect(errorCodeOf(await apiRequest('POST', `${base}/one-field`, {}).catch((e: unknown) => e))).toBeNull();
    expect(errorCodeOf(new Error('409: This session is full'))).toBeNull();
    expect(new ApiError('409: x', 409, [], { message: 'x', code: 'NOT_A_CODE' }).code).toBeNull();
  });

  it("keeps the status and the server's per-field problems, with the spec's error text", async () => {
    const error = await apiRequest('POST', `${base}/field-errors`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: endpoint: Endpoint is required');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors).toEqual([
      { field: 'endpoint', message: 'Endpoint is required' },
      { field: 'name', message: 'Name is required' },
    ]);
    const one = (await apiRequest('POST', `${base}/one-field`, {}).catch((e: unknown) => e)) as ApiError;
    expect(one.fieldErrors).toEqual([{ field: 'endpoint', message: 'A webhook with this endpoint already exists' }]);
    const plain = (await apiRequest('GET', `${base}/text-error`).catch((e: unknown) => e)) as ApiError;
    expect(plain).toMatchObject({ status: 502, fieldErrors: [] });
  });
});
