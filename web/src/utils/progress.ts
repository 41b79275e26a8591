import NProgress from 'nprogress';

// nprogress's own template gives its bar an invalid ARIA role ("bar"); the bar is decoration only.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** Requests overlap, so the bar ends only when the last running request ends. */
let running = 0;

export function startProgress(): void {
  if (running === 0) NProgress.start();
  running += 1;
}

export function doneProgress(): void {
  running = Math.max(0, running - 1);
  if (running === 0) NProgress.done();
}
