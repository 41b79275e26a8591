import { lazy, Suspense, useState } from 'react';
import { BugOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { site } from '../../../config/site';
import { useErrorLog } from '../../../stores/error-log';
import { HeaderIconButton } from './HeaderIconButton';

const ErrorLogDialog = lazy(() => import('./ErrorLogDialog'));

/** The error-log button: its badge counts the recorded errors (99+ beyond 99); it opens the dialog. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const count = useErrorLog((state) => state.logs.length);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('layout.errorLog')}>
        <Badge
          count={count}
          overflowCount={site.errorLogMax}
          size="small"
          offset={[-4, 4]}
          data-testid="error-log-badge"
        >
          <HeaderIconButton
            label={t('layout.errorLog')}
            testId="header-error-log"
            icon={<BugOutlined />}
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ErrorLogDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
