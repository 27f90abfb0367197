// Starts the built server for the Playwright run on a fresh, empty data directory
// (the server seeds the demo accounts on first start) and removes that directory on exit.
//
// It also runs a mailbox: an SMTP server on 127.0.0.1:4175 (ports: e2e/support/ports.mjs) that the portal sends its e-mails to, keeping every
// message in memory, and an HTTP endpoint http://127.0.0.1:4176/messages that lists them as JSON
// ([{ to: string[], subject, text, html, receivedAt }], oldest first) for e2e/support/mailbox.ts.
//
// The run has two servers, each with its own data (see playwright.config.ts): the first on 4173, the second on
// E2E_PORT with E2E_SHARED_MAILBOX=1, which sends its e-mails to the first one's mailbox instead of starting one
// (the journeys tell their e-mails apart by address).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { E2E_PORTS } from './ports.mjs';

const HOST = '127.0.0.1';
const APP_PORT = Number(process.env.E2E_PORT || E2E_PORTS.journeys);
const SMTP_PORT = E2E_PORTS.smtp;
const MAILBOX_PORT = E2E_PORTS.mailbox;
const startsMailbox = process.env.E2E_SHARED_MAILBOX !== '1';

/** @type {Array<{ to: string[]; subject: string; text: string; html: string; receivedAt: string }>} */
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      PostalMime.parse(Buffer.concat(chunks))
        .then((email) => {
          messages.push({
            to: (email.to ?? []).map((address) => (address.address ?? '').toLowerCase()).filter(Boolean),
            subject: email.subject ?? '',
            text: email.text ?? '',
            html: email.html ?? '',
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error) => callback(error));
    });
  },
});
smtp.on('error', (error) => console.error('Mailbox SMTP error:', error.message));

const mailbox = http.createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', `http://${HOST}`);
  if (request.method === 'GET' && pathname === '/messages') {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(messages));
    return;
  }
  response.writeHead(404, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ message: 'GET /messages lists the emails received' }));
});

/** Listens, or rejects (a port already in use) so the run stops with a clear message instead of hanging. */
function listen(server, port) {
  return new Promise((resolve, reject) => {
    const target = server.server ?? server; // SMTPServer wraps a net.Server
    const onError = (error) => reject(error);
    target.once('error', onError);
    server.listen(port, HOST, () => {
      target.off('error', onError);
      resolve();
    });
  });
}

const closeSmtp = () => new Promise((resolve) => smtp.close(() => resolve()));
const closeMailbox = () =>
  new Promise((resolve) => {
    mailbox.closeAllConnections?.();
    mailbox.close(() => resolve());
  });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));

function removeDataDir() {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (startsMailbox) {
  try {
    await listen(smtp, SMTP_PORT);
    await listen(mailbox, MAILBOX_PORT);
  } catch (error) {
    console.error(`Could not start the e2e mailbox (SMTP ${SMTP_PORT}, HTTP ${MAILBOX_PORT}):`, error.message);
    await Promise.all([closeSmtp(), closeMailbox()]);
    removeDataDir();
    process.exit(1);
  }
}

const server = spawn(process.execPath, ['dist/server/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(APP_PORT),
    HOST,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SMTP_URL: `smtp://${HOST}:${SMTP_PORT}`,
    PUBLIC_URL: `http://${HOST}:${APP_PORT}`,
    // The sign-in page links the office (issue 20; e2e/everyday-parents.spec.ts).
    BUSINESS_CONTACT_EMAIL: 'office@northbound.example',
    BUSINESS_PHONE: '+1 416 555 0100',
  },
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

async function shutDown(exitCode) {
  if (startsMailbox) await Promise.all([closeSmtp(), closeMailbox()]);
  removeDataDir();
  process.exit(exitCode);
}

server.on('error', (error) => {
  console.error('Could not start the server:', error);
  void shutDown(1);
});

server.on('exit', (code, signal) => {
  void shutDown(code ?? (signal ? 1 : 0));
});
