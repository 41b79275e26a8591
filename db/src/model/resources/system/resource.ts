import { defineResource, type FieldDef } from '../../resource';
import { t } from '../../text';
import { createTimeField, dictField, enabledField, field, remarkField, required } from './common';

/** The keys a storage or SMS vendor signs calls with (the secret is never sent back). */
const credentialFields = (): FieldDef[] => [
  field('text', 'accessKey', 'accessKey', 'Access key', { maxLength: 255, inTable: false }),
  field('password', 'secretKey', 'secretKey', 'Secret key', { maxLength: 255, secret: true, inTable: false }),
];

export const ossResource = defineResource({
  key: 'oss',
  api: '/blade-resource/oss',
  title: t('对象存储', 'Object storage'),
  permission: 'oss',
  tenant: 'scoped',
  fields: [
    required(dictField('category', 'oss', '分类', 'Category', { search: 'equal' })),
    required(field('text', 'ossCode', '资源编号', 'Code', { maxLength: 64, search: 'like' })),
    required(field('text', 'endpoint', '资源地址', 'Endpoint', { maxLength: 255 })),
    ...credentialFields(),
    required(field('text', 'bucketName', '空间名', 'Bucket', { maxLength: 255 })),
    field('text', 'appId', '应用ID', 'App ID', { maxLength: 255, inTable: false }),
    field('text', 'region', '地域简称', 'Region', { maxLength: 255, inTable: false }),
    remarkField(),
    enabledField(),
    createTimeField(),
  ],
  unique: [{ fields: ['ossCode'], label: t('资源编号', 'Code') }],
});

export const smsResource = defineResource({
  key: 'sms',
  api: '/blade-resource/sms',
  title: t('短信配置', 'SMS'),
  permission: 'sms',
  tenant: 'scoped',
  fields: [
    required(dictField('category', 'sms', '分类', 'Category', { search: 'equal' })),
    required(field('text', 'smsCode', '资源编号', 'Code', { maxLength: 64, search: 'like' })),
    required(field('text', 'templateId', '模板ID', 'Template', { maxLength: 255 })),
    ...credentialFields(),
    field('text', 'regionId', '地域', 'Region', { maxLength: 255, inTable: false }),
    required(field('text', 'signName', '短信签名', 'Signature', { maxLength: 255 })),
    remarkField(),
    enabledField(),
    createTimeField(),
  ],
  unique: [{ fields: ['smsCode'], label: t('资源编号', 'Code') }],
});

/** Every upload is an attach row; rows come only from `oss/endpoint/put-file`. */
export const attachResource = defineResource({
  key: 'attach',
  api: '/blade-resource/attach',
  title: t('附件管理', 'Attachments'),
  permission: 'attach',
  tenant: 'scoped',
  ops: { add: false, edit: false },
  access: { detail: { button: 'attach_view' } },
  fields: [
    field('text', 'originalName', '附件原名', 'Original name', {
      readOnly: true,
      search: 'like',
      sortable: true,
    }),
    field('text', 'name', '附件名称', 'Stored name', { readOnly: true }),
    field('text', 'extension', '附件拓展名', 'Extension', { readOnly: true, search: 'equal' }),
    field('number', 'attachSize', '附件大小', 'Size (bytes)', { readOnly: true, sortable: true }),
    field('text', 'link', '附件地址', 'Link', { readOnly: true, inTable: false }),
    field('text', 'domain', '附件域名', 'Domain', { readOnly: true, inTable: false }),
    createTimeField(true),
  ],
});
