import { defineResource } from '../../resource';
import { t } from '../../text';
import { createTimeField, field, required } from './common';

export const clientResource = defineResource({
  key: 'client',
  api: '/blade-system/client',
  title: t('应用管理', 'Clients'),
  permission: 'client',
  tenant: 'none',
  fields: [
    field('text', 'clientId', '应用ID', 'Client ID', {
      required: true,
      message: t('请输入客户端id', 'Please enter the client id'),
      maxLength: 48,
      pattern: {
        regex: '^[A-Za-z0-9_-]+$',
        message: t(
          '应用ID只能包含字母、数字、下划线和短横线',
          'The client id may hold letters, digits, _ and -',
        ),
      },
      search: 'like',
      sortable: true,
    }),
    field('password', 'clientSecret', '应用密钥', 'Client secret', {
      required: true,
      message: t('请输入客户端密钥', 'Please enter the client secret'),
      maxLength: 256,
      secret: true,
      inTable: false,
    }),
    required(field('text', 'scope', '授权范围', 'Scope', { maxLength: 256, defaultValue: 'all' })),
    required(
      field('text', 'authorizedGrantTypes', '授权类型', 'Grant types', {
        maxLength: 256,
        defaultValue: 'refresh_token,password,captcha',
      }),
    ),
    field('number', 'accessTokenValidity', '令牌秒数', 'Access token seconds', {
      required: true,
      message: t('请输入令牌过期秒数', 'Please enter the access token lifetime'),
      min: 60,
      max: 2592000,
      defaultValue: 3600,
    }),
    field('number', 'refreshTokenValidity', '刷新令牌秒数', 'Refresh token seconds', {
      required: true,
      message: t('请输入刷新令牌过期秒数', 'Please enter the refresh token lifetime'),
      min: 60,
      max: 31536000,
      defaultValue: 604800,
    }),
    field('text', 'webServerRedirectUri', '回调地址', 'Redirect URI', { maxLength: 256, inTable: false }),
    field('text', 'resourceIds', '资源集合', 'Resources', { maxLength: 256, inTable: false }),
    field('text', 'authorities', '权限', 'Authorities', { maxLength: 256, inTable: false }),
    field('textarea', 'additionalInformation', '附加说明', 'Additional information', {
      maxLength: 4096,
      inTable: false,
    }),
    field('text', 'autoapprove', '自动授权', 'Auto approve', { maxLength: 256, inTable: false }),
    createTimeField(),
  ],
  unique: [{ fields: ['clientId'], label: t('应用ID', 'Client ID') }],
});
