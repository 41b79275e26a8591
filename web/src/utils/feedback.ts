import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Error toasts for code outside React. Inside `<App>` the providers bind antd's context-aware message
 * API (theme and locale apply); until then the static `message` is used.
 */
type Toaster = Pick<MessageInstance, 'error' | 'success' | 'warning'>;

let toaster: Toaster = message;

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
