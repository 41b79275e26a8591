import { RequestError } from '../api/errors';
import { recordError } from './error-log';

/** Browser noise that is not an error of the app. */
function isNoise(message: string): boolean {
  return /ResizeObserver loop/i.test(message);
}

/**
 * Records uncaught errors and rejected promises in the local error log (spec section 8). Failed API
 * calls are not interface errors: the HTTP client already told the user, so they are left out.
 * Returns a function that removes the listeners.
 */
export function installErrorCapture(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const message = event.message || (event.error instanceof Error ? event.error.message : '');
    if (isNoise(message) || event.error instanceof RequestError) return;
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
    recordError(event.error ?? message, where ? `window.onerror ${where}` : 'window.onerror');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    if (reason instanceof RequestError) return;
    if (reason instanceof Error && isNoise(reason.message)) return;
    recordError(reason, 'unhandledrejection');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
