import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false });

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
