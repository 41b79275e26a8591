import { fill, messages, type BladeLine, type Lang, type MessageKey, type Text } from '@psi/db/model';

/**
 * An error that becomes a Blade envelope. `status` is the HTTP status, `code` the envelope code (they
 * differ for cross-tenant writes: HTTP 403 with code 400, as Blade's TenantGuard answers).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly text: Text | string,
    readonly params: Record<string, string | number> = {},
    /** The envelope's `data`: `{}` as Blade's null-to-empty serialiser writes it, or a real `null`. */
    readonly data: Record<string, never> | null = {},
  ) {
    super(typeof text === 'string' ? text : text.zh);
  }

  messageIn(lang: Lang): string {
    return typeof this.text === 'string' ? this.text : fill(this.text[lang], this.params);
  }
}

const text = (key: MessageKey) => messages[key];

/** Business or validation error: HTTP 400, code 400. */
export const badRequest = (msg: Text | string | MessageKey, params?: Record<string, string | number>) =>
  new ApiError(400, 400, typeof msg === 'string' && msg in messages ? text(msg as MessageKey) : msg, params);

/**
 * No valid token for a route that needs one. BladeX answers HTTP 401 (`缺失令牌,鉴权失败` when none was
 * sent); the public line's `SecureInterceptor` answers HTTP 200 with
 * `{"code":401,"success":false,"data":null,"msg":"请求未授权"}` for a missing, invalid or expired token.
 * A session the demo reset ended says so on either line.
 */
export const unauthorized = (
  key: 'missingToken' | 'unauthorized' | 'demoReset' = 'unauthorized',
  line: BladeLine = 'bladex',
) =>
  line === 'springblade'
    ? new ApiError(200, 401, text(key === 'demoReset' ? key : 'unauthorized'), {}, null)
    : new ApiError(401, 401, text(key));

export const forbidden = () => new ApiError(403, 403, text('forbidden'));

export const otherTenant = () => new ApiError(403, 400, text('otherTenant'));
