import { useCallback, useState } from 'react';
import {
  AccountBookOutlined,
  AuditOutlined,
  BellOutlined,
  CarOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  FileTextOutlined,
  InboxOutlined,
  MessageOutlined,
  NotificationOutlined,
  ScheduleOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Badge, Button, Empty, Modal, Popover, Spin, Tabs, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { noticeResource } from '@psi/db/model';
import { deskKeys, markInboxRead } from '../../../api/desk';
import { fetchDetail } from '../../../api/resource';
import { safeHtml } from '../../../utils/safe-html';
import { useInbox, type Inbox, type InboxItem, type InboxTab } from './notice-inbox';
import './notice-bell.css';
import { HeaderIconButton } from './HeaderIconButton';

const TABS: { kind: InboxTab; icon: typeof BellOutlined }[] = [
  { kind: 'todo', icon: ScheduleOutlined },
  { kind: 'message', icon: MessageOutlined },
  { kind: 'notice', icon: NotificationOutlined },
];

/** The avatar of an item: what kind of thing it is, at a glance. */
function iconOf(item: InboxItem): { icon: typeof BellOutlined; color: string } {
  const k = item.kind;
  if (k === 'notice') return { icon: NotificationOutlined, color: '#F5222D' };
  if (k.startsWith('task')) return { icon: AuditOutlined, color: '#722ED1' };
  if (k === 'lowStock' || k === 'balanceShort') return { icon: WarningOutlined, color: '#FA8C16' };
  if (k.startsWith('account')) return { icon: AccountBookOutlined, color: '#13C2C2' };
  if (/Rejected|Returned/.test(k)) return { icon: CloseCircleOutlined, color: '#F5222D' };
  if (/Approved|Accepted|Stored/.test(k)) return { icon: CheckCircleOutlined, color: '#52C41A' };
  if (/Delivered|deliveryShip/.test(k)) return { icon: CarOutlined, color: '#409EFF' };
  if (k === 'checkOpen') return { icon: InboxOutlined, color: '#409EFF' };
  return { icon: FileTextOutlined, color: '#409EFF' };
}

function NoticeList({
  kind,
  inbox,
  onOpen,
}: {
  kind: InboxTab;
  inbox: Inbox | undefined;
  onOpen: (kind: InboxTab, item: InboxItem) => void;
}) {
  const { t } = useTranslation();
  const items = inbox?.[kind].records ?? [];
  if (!inbox) return <Spin className="psi-notice__loading" />;
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`notice.empty.${kind}`)} />;
  return (
    <ul className="psi-notice__list" data-testid={`notice-list-${kind}`}>
      {items.map((item) => {
        const { icon: Icon, color } = iconOf(item);
        const unread = kind !== 'todo' && !item.read;
        return (
          <li key={item.id} className={`psi-notice__item${unread ? ' psi-notice__item--unread' : ''}`}>
            <button
              type="button"
              className="psi-notice__open"
              data-testid="notice-item"
              data-unread={unread ? 'true' : 'false'}
              onClick={() => onOpen(kind, item)}
            >
              <Badge dot={unread} offset={[-2, 2]}>
                <Avatar size={36} style={{ background: color }} icon={<Icon />} />
              </Badge>
              <span className="psi-notice__body">
                <span className="psi-notice__title">{item.title}</span>
                {item.description && <span className="psi-notice__desc">{item.description}</span>}
              </span>
              <time className="psi-notice__time">{item.time.slice(5, 16)}</time>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** A notice opened from the bell: its detail call is what marks it read. */
function NoticeDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: deskKeys.noticeDetail(id),
    queryFn: async () => {
      const row = await fetchDetail(noticeResource.api, id);
      void queryClient.invalidateQueries({ queryKey: deskKeys.inbox() });
      return row;
    },
    gcTime: 0,
  });
  const row = detail.data ?? {};
  return (
    <Modal open title={t('notice.notice')} footer={null} onCancel={onClose} data-testid="notice-dialog">
      {detail.isLoading ? (
        <Spin />
      ) : (
        <>
          <Typography.Title level={5}>{String(row.title ?? '')}</Typography.Title>
          <Typography.Text type="secondary">
            {String(row.releaseTime ?? row.createTime ?? '')}
          </Typography.Text>
          <div
            className="psi-notice-content"
            // sanitized: no scripts, handlers or javascript: links survive
            dangerouslySetInnerHTML={{ __html: safeHtml(String(row.content ?? '')) }}
          />
        </>
      )}
    </Modal>
  );
}

/**
 * The notice bell: 待办 (work waiting for the user), 消息 (what happened to the user's documents) and
 * 通知 (the tenant's notices), live from the server; the badge counts open to-dos and unread items.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<InboxTab>('todo');
  const [noticeId, setNoticeId] = useState<string | null>(null);

  const onMessages = useCallback(
    (items: InboxItem[]) => {
      if (document.visibilityState !== 'visible') return;
      for (const item of items.slice(0, 3))
        notification.info({
          key: `inbox-message-${item.id}`,
          title: t('notice.newMessage'),
          description: item.title,
          placement: 'topRight',
          duration: 6,
          icon: <MessageOutlined />,
        });
    },
    [notification, t],
  );
  const { data: inbox } = useInbox(onMessages);
  const count = inbox ? inbox.todo.total + inbox.message.unread + inbox.notice.unread : 0;

  const markRead = async (tab: 'message' | 'notice', ids: string[] | null) => {
    await markInboxRead(tab, ids);
    await queryClient.invalidateQueries({ queryKey: deskKeys.inbox() });
  };

  const openItem = (kind: InboxTab, item: InboxItem) => {
    setOpen(false);
    if (kind === 'notice' && inbox?.mode === 'full') {
      setNoticeId(item.id);
      return;
    }
    if (kind === 'message' && !item.read) void markRead('message', [item.id]);
    void navigate(item.route);
  };

  const countOf = (kind: InboxTab) => (!inbox ? 0 : kind === 'todo' ? inbox.todo.total : inbox[kind].unread);
  const content = (
    <div className="psi-notice__panel">
      <Tabs
        size="small"
        centered
        activeKey={active}
        onChange={(key) => setActive(key as InboxTab)}
        items={TABS.map(({ kind, icon: Icon }) => ({
          key: kind,
          label: (
            <span data-testid={`notice-tab-${kind}`}>
              <Icon /> {t(`notice.${kind}`)} (
              <span data-testid={`notice-count-${kind}`}>{countOf(kind)}</span>)
            </span>
          ),
          children: <NoticeList kind={kind} inbox={inbox} onOpen={openItem} />,
        }))}
      />
      {active !== 'todo' && inbox?.mode === 'full' && inbox[active].unread > 0 && (
        <div className="psi-notice__footer">
          <Button
            type="link"
            size="small"
            data-testid="notice-read-all"
            onClick={() => void markRead(active, null)}
          >
            {t('notice.readAll')}
          </Button>
        </div>
      )}
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        classNames={{ root: 'psi-notice' }}
        content={content}
      >
        <Tooltip title={t('layout.notice')} open={open ? false : undefined}>
          <Badge count={count} size="small" offset={[-4, 4]} data-testid="notice-badge">
            <HeaderIconButton
              label={count ? t('notice.bellCount', { count }) : t('layout.notice')}
              testId="header-notice"
              data-count={count}
              icon={<BellOutlined />}
            />
          </Badge>
        </Tooltip>
      </Popover>
      {noticeId && <NoticeDialog id={noticeId} onClose={() => setNoticeId(null)} />}
    </>
  );
}
