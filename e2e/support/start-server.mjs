// Starts the built server for the Playwright run on a fresh, empty data directory
// (the server seeds the demo accounts on first start) and removes that directory on exit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));

const server = spawn(process.execPath, ['dist/server/server.js'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: '4173', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' },
});

function removeDataDir() {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (error) => {
  console.error('Could not start the server:', error);
  removeDataDir();
  process.exit(1);
});

server.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal ? 1 : 0));
});
