import { defineResource } from '../../resource';
import { t } from '../../text';
import { createTimeField, dictField, field, required } from './common';

export const noticeResource = defineResource({
  key: 'notice',
  api: '/blade-desk/notice',
  title: t('通知公告', 'Notices'),
  permission: 'notice',
  tenant: 'scoped',
  dialogWidth: 880,
  fields: [
    required(field('text', 'title', '通知标题', 'Title', { maxLength: 255, search: 'like', sortable: true })),
    required(
      dictField('category', 'notice', '通知类型', 'Category', {
        search: 'equal',
        sortable: true,
        labelField: 'categoryName',
      }),
    ),
    required(
      field('datetime', 'releaseTime', '通知日期', 'Release date', { search: 'dateRange', sortable: true }),
    ),
    field('richtext', 'content', '通知内容', 'Content', { maxLength: 20000, span: 24, inTable: false }),
    createTimeField(),
  ],
});
