import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNow, registerServiceWorker } from './service-worker';

// Registration where service workers are unavailable (issue 17, item 17): the app must run on, silently.


function fakeContainer(register: () => unknown, controller: object | null = null) {
  return { controller, register: vi.fn(register), addEventListener: vi.fn() };
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('registerNow', () => {
  it('does nothing when navigator.serviceWorker is undefined (a private window)', async () => {
    vi.stubGlobal('navigator', { serviceWorker: undefined });
    await expect(registerNow()).resolves.toBe(false);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('does nothing when reading navigator.serviceWorker throws (storage refused)', async () => {
    vi.stubGlobal('navigator', {
      get serviceWorker(): never {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    await expect(registerNow()).resolves.toBe(false);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('stays silent when register() rejects: no error, no rejection', async () => {
    const container = fakeContainer(() => Promise.reject(new DOMException('Failed to register a ServiceWorker', 'SecurityError')));
    vi.stubGlobal('navigator', { serviceWorker: container });
    await expect(registerNow()).resolves.toBe(false);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('stays silent when register() throws at once', async () => {
    const container = fakeContainer(() => {
      throw new TypeError('register is not allowed here');
    });
    vi.stubGlobal('navigator', { serviceWorker: container });
    await expect(registerNow()).resolves.toBe(false);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("stays silent when register() resolves with nothing (a blocked worker: reading 'waiting' used to throw)", async () => {
    vi.stubGlobal('navigator', { serviceWorker: fakeContainer(() => Promise.resolve(undefined)) });
    await expect(registerNow()).resolves.toBe(false);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('registers a real worker and watches for updates', async () => {
    const registration = { waiting: null, installing: null, addEventListener: vi.fn(), update: vi.fn(() => Promise.resolve()) };
    vi.stubGlobal('navigator', { serviceWorker: fakeContainer(() => Promise.resolve(registration)) });
    await expect(registerNow()).resolves.toBe(true);
    expect(registration.addEventListener).toHaveBeenCalledWith('updatefound', expect.any(Function));
  });
});

describe('registerServiceWorker', () => {
  it('schedules nothing and throws nothing without service workers', () => {
    // No window or document either: it must return before touching them.
    vi.stubGlobal('navigator', { serviceWorker: undefined });
    expect(() => registerServiceWorker()).not.toThrow();
  });
});
