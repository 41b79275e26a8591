import type { LineRoutes } from './types';

/** The commercial line the product spec describes: our server's own routes. */
export const bladexRoutes: LineRoutes = {
  line: 'bladex',
  auth: {
    captcha: '/blade-auth/oauth/captcha',
    token: '/blade-auth/oauth/token',
    logout: { method: 'get', url: '/blade-auth/oauth/logout' },
    userInfo: '/blade-auth/oauth/user-info',
    answer: 'oauth',
    params: { grant: 'grant_type', account: 'username', refreshToken: 'refresh_token' },
    password: 'md5',
  },
  passwords: 'md5',
  renamed: {},
  lazyLists: true,
  dictLists: 'split',
  absent: [],
};
