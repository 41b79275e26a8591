import { useState } from 'react';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { findEmbeddedMenu, menuLabel } from '../../api/menu-model';
import { useSession } from '../../stores/session';
import './iframe.css';

/** A menu URL may carry `${token}` for pages that need the session (Saber's convention). */
function withToken(url: string, token: string | null): string {
  return url.replace(/\$\{token\}/g, encodeURIComponent(token ?? ''));
}

/**
 * /myiframe/{routerPath}: an external page (a menu path with html or http(s)) embedded in the layout.
 * The page is the menu's whose code is `routerPath`; a `?src=` link works too.
 */
export default function IframePage() {
  const { t, i18n } = useTranslation();
  const { routerPath = '' } = useParams();
  const routes = useSession((state) => state.routes);
  const token = useSession((state) => state.token);
  // Read once: this page may stay alive in a hidden tab while the address bar shows another page.
  const [linked] = useState(() => new URLSearchParams(window.location.search).get('src'));
  const [reloads, setReloads] = useState(0);
  const menu = findEmbeddedMenu(routes, routerPath);
  const src = menu?.path || linked;

  if (!src) {
    return (
      <Card variant="borderless">
        <Result status="404" title="404" subTitle={t('iframe.missing')} />
      </Card>
    );
  }
  const url = withToken(src, token);
  const title = menu ? menuLabel(menu, t, i18n.language) : src;

  return (
    <Card
      variant="borderless"
      className="psi-iframe"
      size="small"
      title={title}
      extra={
        <Space>
          <Typography.Text type="secondary" className="psi-iframe__url" ellipsis>
            {src}
          </Typography.Text>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => setReloads((count) => count + 1)}>
            {t('iframe.reload')}
          </Button>
          <Button size="small" icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
            {t('iframe.openWindow')}
          </Button>
        </Space>
      }
    >
      <iframe
        key={reloads}
        className="psi-iframe__frame"
        src={url}
        title={title}
        data-testid="iframe-page"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        referrerPolicy="no-referrer"
      />
    </Card>
  );
}
