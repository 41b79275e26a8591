import { cleanup, configure } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterAll, afterEach, beforeAll } from 'vitest';
import '../src/i18n/shell';
import { server } from './msw-server';

// antd reads media queries (Grid, responsive props) and observes element sizes; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverShim implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverShim;

// jsdom does not implement pseudo-element styles and logs an error for each antd call asking for them.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

// The first visit of a lazily loaded page transforms its modules on the fly, which can take seconds.
// generous: the machine running the suite may be busy (lazy chunks, antd first renders)
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
// nprogress ends its bar on timers that can fire after vitest has torn the file's DOM down; each would
// throw "document is not defined" and fail the whole run, so its DOM entry points stand down then.
for (const method of ['set', 'render', 'remove', 'isRendered'] as const) {
  const original = NProgress[method].bind(NProgress) as (...args: unknown[]) => unknown;
  Object.assign(NProgress, {
    [method]: (...args: unknown[]) => (typeof document === 'undefined' ? NProgress : original(...args)),
  });
}

afterAll(() => {
  server.close();
  if (NProgress.isStarted()) NProgress.done();
});
