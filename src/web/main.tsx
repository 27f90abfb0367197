// First: configures Zod before any schema is built (see the module).
import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { FIRST_READS_WAIT_MS, settledOrAfter, startFirstReads } from './app/first-reads';
import { whenNoSplash, whenSplashShows } from './app/layout/splash-screen';
import { applyBusinessNameToTitle } from './lib/business-name';
import { listenForInstallPrompt } from './lib/install-prompt';
import { queryClient } from './lib/query-client';
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

// The first screen's reads start at once under the splash (first-reads.ts), where the app renders once they are in (or
// after FIRST_READS_WAIT_MS), in one pass React may interrupt, instead of once per answer; without a splash (a reload,
// a second tab) it renders at once and each part fills in as its answer arrives.
const firstReads = startFirstReads(queryClient, window.location.pathname, new Date(), whenSplashShows());

function renderApp() {
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
}

void Promise.race([settledOrAfter(firstReads, FIRST_READS_WAIT_MS), whenNoSplash()]).then(renderApp);
