import type { AxiosResponse } from 'axios';

/**
 * Why a call failed. `code` is the body code (or HTTP status); 0 means no response (network, timeout).
 * `notified` tells callers an error toast was already shown, so they must not show another.
 */
export class RequestError extends Error {
  readonly code: number;
  readonly notified: boolean;
  readonly response?: AxiosResponse;

  constructor(text: string, code: number, options: { notified: boolean; response?: AxiosResponse }) {
    super(text);
    this.name = 'RequestError';
    this.code = code;
    this.notified = options.notified;
    this.response = options.response;
  }
}
