import { useState } from 'react';
import { BugOutlined, ThunderboltOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { site } from '../../config/site';
import { useErrorLog } from '../../stores/error-log';
import { useSettings } from '../../stores/settings';

function Exploding(): never {
  throw new Error('Render error raised on purpose from the test screen');
}

/**
 * /test/index: a diagnostics screen for administrators. It shows what the shell knows about the browser
 * and raises each kind of runtime error the error log records (render error, uncaught error, rejected
 * promise), to check the error log and its upload end to end.
 */
export default function TestPage() {
  const { t, i18n } = useTranslation();
  const screen = useSettings((state) => state.screen);
  const theme = useSettings((state) => state.theme);
  const color = useSettings((state) => state.color);
  const logged = useErrorLog((state) => state.logs.length);
  const [explode, setExplode] = useState(false);

  return (
    <Card variant="borderless" title={t('test.title')}>
      <Space orientation="vertical" size="large" className="psi-test">
        <Alert type="info" showIcon message={t('test.intro')} />
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'screen',
              label: t('test.screen'),
              children: <span data-testid="test-screen">{screen}</span>,
            },
            { key: 'width', label: t('test.width'), children: `${window.innerWidth}px` },
            { key: 'language', label: t('test.language'), children: i18n.language },
            { key: 'theme', label: t('test.theme'), children: `${t(`theme.${theme}`)} · ${color}` },
            {
              key: 'logs',
              label: t('test.logs'),
              children: <span data-testid="test-log-count">{logged}</span>,
            },
            {
              key: 'breakpoints',
              label: t('test.breakpoints'),
              children: site.screenBreakpoints.join(' / '),
            },
          ]}
        />
        <Space wrap>
          <Button
            danger
            icon={<BugOutlined />}
            onClick={() => setExplode(true)}
            data-testid="test-render-error"
          >
            {t('test.renderError')}
          </Button>
          <Button
            icon={<ThunderboltOutlined />}
            data-testid="test-window-error"
            onClick={() =>
              window.setTimeout(() => {
                throw new Error('Uncaught error raised on purpose from the test screen');
              })
            }
          >
            {t('test.windowError')}
          </Button>
          <Button
            icon={<WarningOutlined />}
            data-testid="test-rejection"
            onClick={() => void Promise.reject(new Error('Promise rejected on purpose from the test screen'))}
          >
            {t('test.rejection')}
          </Button>
        </Space>
        {explode && <Exploding />}
      </Space>
    </Card>
  );
}
