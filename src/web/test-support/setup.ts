/**
 * Setup of the "components" Vitest project (React components in jsdom, driven with Testing Library): the DOM
 * matchers (toBeVisible, toBeDisabled…), a clean document after each test, and the fake API (msw) that answers the
 * components' real fetch calls. A request no test answered fails the test: a component never reaches a route
 * the test did not expect.
 */
import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB: the door's queue of offline check-ins (issue 34) runs on an in-memory one.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { api } from './api';
import { deleteDoorDatabase } from '../lib/door-queue-name';

// jsdom lacks what Radix's dialogs and the calendar ask the browser for; these are inert stand-ins.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// findBy…/waitFor wait up to 5 s: a lazily loaded dialog's first import takes a while on a shared 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

// msw's own 'error' only fails the fetch (the component shows its error state, and a test may still pass): the
// request is also remembered, and the test it happened in fails in afterEach.
const unhandled: string[] = [];
beforeAll(() =>
  api.listen({
    onUnhandledRequest(request, print) {
      unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  }),
);
afterEach(async () => {
  cleanup();
  api.resetHandlers();
  // Each test starts with an empty door queue (a test's offline check-ins are its own).
  await deleteDoorDatabase();
  const seen = unhandled.splice(0);
  if (seen.length > 0) throw new Error(`The component sent requests no handler of this test answers: ${seen.join(', ')}`);
});
afterAll(() => api.close());
