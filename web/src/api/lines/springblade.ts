import type { LineRoutes } from './types';

/**
 * The public SpringBlade line (4.x): `/blade-auth/token` with an SM2 password and an `R<AuthInfo>`
 * answer, the user service under `/blade-system/user`, trees instead of lazy lists, and none of the
 * BladeX-only services (springblade-notes section 9.16).
 */
export const springbladeRoutes: LineRoutes = {
  line: 'springblade',
  auth: {
    captcha: '/blade-auth/captcha',
    token: '/blade-auth/token',
    logout: { method: 'post', url: '/blade-auth/logout' },
    userInfo: '/blade-system/user/info',
    answer: 'envelope',
    params: { grant: 'grantType', account: 'account', refreshToken: 'refreshToken' },
    password: 'sm2',
  },
  passwords: 'plain',
  renamed: { '/blade-user/': '/blade-system/user/' },
  lazyLists: false,
  dictLists: 'tree',
  absent: [
    // the BladeX auth routes (captcha, token, user info, logout, cache clearing, error log upload)
    '/blade-auth/oauth/',
    '/blade-system/dict-biz/',
    '/blade-system/dict/parent-list',
    '/blade-system/dict/child-list',
    '/blade-system/tenant-package/',
    '/blade-system/tenant/setting',
    '/blade-system/tenant/datasource',
    '/blade-system/tenant/package-setting',
    '/blade-system/dept/lazy-list',
    '/blade-system/dept/lazy-tree',
    '/blade-system/dept/select',
    '/blade-system/role/select',
    '/blade-system/menu/lazy-list',
    '/blade-system/user/page',
    '/blade-system/user/platform-detail',
    '/blade-system/user/update-platform',
    // file storage and sms configurations, attachments (the oss endpoint itself exists)
    '/blade-resource/oss/list',
    '/blade-resource/oss/detail',
    '/blade-resource/oss/submit',
    '/blade-resource/oss/remove',
    '/blade-resource/oss/enable',
    '/blade-resource/sms/',
    '/blade-resource/attach/',
  ],
};
