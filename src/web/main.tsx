// First: configures Zod before any schema is built (see the module).
import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyBusinessNameToTitle } from './lib/business-name';
import { listenForInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

applyBusinessNameToTitle();
listenForInstallPrompt();
registerServiceWorker();
// A script of this version that cannot be downloaded any more (a deployment meanwhile): load the new version,
// once (a reload that did not help within a minute is not repeated; the screen's own error shows instead).
window.addEventListener('vite:preloadError', (event) => {
  const key = 'chunk-reload-at';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (!navigator.onLine || Date.now() - last < 60_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The #root element is missing from index.html');

const root = createRoot(rootElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
