import { t } from './text';

/**
 * The words of a 401 that says no more than "signed out". Kept apart from `messages` (which spreads
 * them) so the web's start-up code can tell them from a reason worth repeating without loading every
 * server message onto the login page.
 */
export const sessionMessages = {
  missingToken: t('缺失令牌,鉴权失败', 'Missing token, authentication failed'),
  unauthorized: t('请求未授权', 'Request not authorised'),
  tokenInvalid: t('令牌已失效', 'The token is no longer valid'),
};
