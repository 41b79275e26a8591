import { useState } from 'react';
import {
  BellOutlined,
  CheckCircleOutlined,
  FileTextOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Button, Empty, Popover, Tabs, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Kind = 'mail' | 'message' | 'notice';

interface DemoItem {
  id: string;
  icon: typeof MailOutlined;
  color: string;
  /** i18n keys under `notice.items.<id>`: title and description. */
  time: string;
}

/** The spec's notice popover shows demo data only; the texts are translated like the rest of the shell. */
const demo: Record<Kind, DemoItem[]> = {
  mail: [
    { id: 'mailOrder', icon: ShoppingCartOutlined, color: '#409EFF', time: '09:12' },
    { id: 'mailStatement', icon: FileTextOutlined, color: '#13C2C2', time: 'yesterday' },
  ],
  message: [
    { id: 'messageApproval', icon: CheckCircleOutlined, color: '#52C41A', time: '10:30' },
    { id: 'messageAccount', icon: UserOutlined, color: '#FA8C16', time: '08:05' },
    { id: 'messageDelivery', icon: MessageOutlined, color: '#722ED1', time: 'yesterday' },
  ],
  notice: [
    { id: 'noticeTerm', icon: NotificationOutlined, color: '#F5222D', time: '11-20' },
    { id: 'noticeMaintenance', icon: NotificationOutlined, color: '#409EFF', time: '11-18' },
  ],
};

const total = Object.values(demo).reduce((sum, items) => sum + items.length, 0);

function timeText(time: string, t: TFunction): string {
  return time === 'yesterday' ? t('notice.yesterday') : time;
}

function NoticeList({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const items = demo[kind];
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />;
  return (
    <ul className="psi-notice__list" data-testid={`notice-list-${kind}`}>
      {items.map(({ id, icon: Icon, color, time }) => (
        <li key={id} className="psi-notice__item">
          <Avatar size={36} style={{ background: color }} icon={<Icon />} />
          <div className="psi-notice__body">
            <div className="psi-notice__title">{t(`notice.items.${id}.title`)}</div>
            <div className="psi-notice__desc">{t(`notice.items.${id}.desc`)}</div>
          </div>
          <time className="psi-notice__time">{timeText(time, t)}</time>
        </li>
      ))}
    </ul>
  );
}

/** The notice bell: a popover with the tabs mail, message and notice (demo data, spec section 2). */
export function NoticeBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const tab = (kind: Kind, Icon: typeof MailOutlined) => ({
    key: kind,
    label: (
      <span data-testid={`notice-tab-${kind}`}>
        <Icon /> {t(`notice.${kind}`)} ({demo[kind].length})
      </span>
    ),
    children: <NoticeList kind={kind} />,
  });
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      classNames={{ root: 'psi-notice' }}
      content={
        <Tabs
          size="small"
          centered
          items={[
            tab('mail', MailOutlined),
            tab('message', MessageOutlined),
            tab('notice', NotificationOutlined),
          ]}
        />
      }
    >
      <Tooltip title={t('layout.notice')} open={open ? false : undefined}>
        <Badge count={total} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            className="psi-header__icon"
            aria-label={t('layout.notice')}
            data-testid="header-notice"
            icon={<BellOutlined />}
          />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
