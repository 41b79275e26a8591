import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { noticeResource, type Lang } from '@psi/db/model';
import { deskKeys } from '../../../api/desk';
import { fetchDetail } from '../../../api/resource';
import { FieldValue } from '../../../components/resource/fields';
import type { DeclaredRow } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { safeHtml } from '../../../utils/safe-html';
import '../../../i18n/system';
import './notice.css';

function NoticeDetail({ record, onClose }: { record: DeclaredRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const detail = useQuery({
    queryKey: deskKeys.noticeDetail(String(record.id)),
    queryFn: () => fetchDetail(noticeResource.api, String(record.id)),
    gcTime: 0,
  });
  const row = { ...record, ...(detail.data ?? {}) };
  const field = (name: string) => noticeResource.fields.find((f) => f.name === name)!;
  return (
    <Drawer open width={720} title={t('sys.detail')} onClose={onClose} data-testid="notice-detail">
      {detail.isLoading ? (
        <Spin />
      ) : (
        <>
          <Typography.Title level={4} data-testid="notice-title">
            {String(row.title ?? '')}
          </Typography.Title>
          <Descriptions
            size="small"
            column={2}
            items={['category', 'releaseTime'].map((name) => ({
              key: name,
              label: field(name).label[lang],
              children: <FieldValue field={field(name)} lang={lang} record={row} />,
            }))}
          />
          <div
            className="psi-notice-content"
            data-testid="notice-content"
            // sanitized above: no scripts, handlers or javascript: links survive
            dangerouslySetInnerHTML={{ __html: safeHtml(String(row.content ?? '')) }}
          />
        </>
      )}
    </Drawer>
  );
}

/**
 * Notices (/desk/notice): the list by category; the view button opens a detail drawer rendering the
 * rich text safely; add and edit write the content with the rich-text editor.
 */
export default function NoticePage() {
  const [open, setOpen] = useState<DeclaredRow | null>(null);
  return (
    <>
      <ResourcePage def={noticeResource} onView={setOpen} />
      {open && <NoticeDetail record={open} onClose={() => setOpen(null)} />}
    </>
  );
}
