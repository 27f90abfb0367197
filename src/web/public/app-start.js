// The splash (spec: red background with an image, at least 2000 ms, then a 300 ms fade), run before the app's own
// scripts arrive. index.html holds the splash's markup and loads this classic script in its <head>, so the splash is
// the page's first paint instead of a white screen while a phone downloads the app (issue 33's Lighthouse pass).
// Plain JavaScript, not bundled: it must run before the first paint, and the CSP allows no inline script.
//
// It shows once per app session (issue 33), a tab or the installed app's window:
// - a reload (or a tab duplicated from it) keeps the tab's sessionStorage, which says its app session has started;
// - a second tab or window opened while the app is open elsewhere has an empty sessionStorage, so it asks the browser
//   whether another page of the app holds the shared Web Lock every page of the app takes for its lifetime
//   (navigator.locks). The browser drops a page's lock when the page goes, so the answer is never stale.
// Without either (storage refused, no Web Locks), the splash shows every time.
//
// The phase is on <html data-splash="…"> (index.css shows the splash for 'visible' and 'fading' only) and in
// window.__nbSplash, which src/web/app/layout/splash-screen.tsx reads to keep the app invisible under the splash.
// Browser tests set window.__nbSkipSplash = true (e2e/support/login.ts) before this runs: no splash at all.
(function () {
  var MIN_MS = 2000;
  var FADE_MS = 300;
  var SESSION_KEY = 'nb-app-session-started';
  var OPEN_LOCK = 'nb-app-open';
  // The lock query answers within milliseconds; a browser that takes longer shows the splash rather than wait.
  var LOCK_QUERY_TIMEOUT_MS = 150;
  var root = document.documentElement;
  var listeners = [];
  var state = {
    phase: 'deciding',
    subscribe: function (listener) {
      listeners.push(listener);
      return function () {
        listeners = listeners.filter(function (other) {
          return other !== listener;
        });
      };
    },
  };
  window.__nbSplash = state;

  function setPhase(phase) {
    state.phase = phase;
    root.setAttribute('data-splash', phase);
    if (phase === 'gone') {
      var element = document.getElementById('splash');
      if (element) element.remove();
    }
    listeners.slice().forEach(function (listener) {
      listener(phase);
    });
  }

  function startedInThisTab() {
    try {
      return sessionStorage.getItem(SESSION_KEY) === '1';
    } catch {
      return false;
    }
  }

  function rememberStarted() {
    try {
      sessionStorage.setItem(SESSION_KEY, '1');
    } catch {
      // Storage refused: the next load shows it again.
    }
  }

  function show() {
    rememberStarted();
    setPhase('visible');
    // Counted from the first frame the splash is in (a frame waits for the page's stylesheet), not from now.
    requestAnimationFrame(function () {
      setTimeout(function () {
        setPhase('fading');
        setTimeout(function () {
          setPhase('gone');
        }, FADE_MS);
      }, MIN_MS);
    });
  }

  function hide() {
    rememberStarted();
    // The markup may still be on its way: remove it once parsed.
    if (document.readyState === 'loading') {
      root.setAttribute('data-splash', 'gone');
      state.phase = 'gone';
      document.addEventListener('DOMContentLoaded', function () {
        setPhase('gone');
      });
    } else {
      setPhase('gone');
    }
  }

  // Every date of the app is computed in Toronto time (spec 9), and the browser's first time-zone formatter takes
  // tens of milliseconds on a phone (it reads its time-zone data then; later ones take well under one). Built here,
  // before the first paint, it is not a long task in the way of the first taps once the app has arrived.
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Toronto', timeZoneName: 'longOffset' }).format(new Date());
  } catch {
    // An old browser without time-zone names: the app's own first date pays instead.
  }

  var hasLocks = 'locks' in navigator;
  var decided = window.__nbSkipSplash === true || startedInThisTab();
  if (hasLocks) {
    // Every page of the app takes its share of the lock, also one that shows no splash; asked first, so a page does
    // not find its own.
    var held = navigator.locks
      .query()
      .then(function (snapshot) {
        return (snapshot.held || []).some(function (lock) {
          return lock.name === OPEN_LOCK;
        });
      })
      .catch(function () {
        return false;
      });
    var timeout = new Promise(function (resolve) {
      setTimeout(function () {
        resolve(false);
      }, LOCK_QUERY_TIMEOUT_MS);
    });
    Promise.race([held, timeout]).then(function (openElsewhere) {
      navigator.locks
        .request(OPEN_LOCK, { mode: 'shared' }, function () {
          return new Promise(function () {});
        })
        .catch(function () {});
      if (decided) return;
      if (openElsewhere) hide();
      else show();
    });
  }
  if (decided) hide();
  else if (hasLocks) root.setAttribute('data-splash', 'deciding');
  else show();
})();
