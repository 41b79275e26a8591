import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Error toasts for code outside React. Inside `<App>` the providers bind antd's context-aware message
 * API (theme and locale apply); until then the static `message` is used.
 */
type Toaster = Pick<MessageInstance, 'error' | 'success' | 'warning'>;

let toaster: Toaster = message;

/**
 * Where toasts show: below the height of the header bar and of a drawer's title row (56 px), not over
 * them, so a toast never hides the title of what it speaks about.
 */
export const toastPlacement = { top: 64 } as const;

export function bindToaster(next: Toaster): void {
  toaster = next;
}

/** Identical errors raised together (parallel calls failing alike) share one toast instead of stacking. */
export function notifyError(text: string): void {
  void toaster.error({ content: text, key: `error:${text}` });
}

export function notifySuccess(text: string): void {
  void toaster.success(text);
}

export function notifyWarning(text: string): void {
  void toaster.warning(text);
}
