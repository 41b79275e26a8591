import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

type ErrorStatus = '403' | '404' | '500';

const subtitleKeys = {
  '403': 'error.forbidden',
  '404': 'error.notFound',
  '500': 'error.serverError',
} as const;

/** The public error pages: status picture, explanation and a way back home. */
export function ErrorResult({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(subtitleKeys[status])}
      extra={
        <Button type="primary" data-testid="back-home" onClick={() => navigate('/')}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
