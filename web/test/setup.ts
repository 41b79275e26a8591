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
afterAll(async () => {
  server.close();
  // nprogress ends its bar on timers; one firing after the file's DOM is gone throws "document is not
  // defined" and fails the run, so the bar is finished and removed while the DOM still exists
  if (NProgress.isStarted()) NProgress.done();
  for (let waited = 0; document.getElementById('nprogress') && waited < 3000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
});
