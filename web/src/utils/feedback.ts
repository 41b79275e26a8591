import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Error toasts for code outside React. Inside `<App>` the providers bind antd's context-aware message
 * API (theme and locale apply); until then the static `message` is used.
 */
type Toaster = Pick<MessageInstance, 'error' | 'success'>;

let toaster: Toaster = message;

export function bindToaster(next: Toaster): void {
  toaster = next;
}

export function notifyError(text: string): void {
  void toaster.error(text);
}

export function notifySuccess(text: string): void {
  void toaster.success(text);
}
