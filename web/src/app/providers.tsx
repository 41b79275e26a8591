import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import '../i18n';
import { site, type Language } from '../config/site';
import { useSettings } from '../stores/settings';
import { bindToaster } from '../utils/feedback';
import { createQueryClient } from './query-client';

const antdLocales: Record<Language, Locale> = { zh: zhCN, en: enUS };

const theme = { token: { colorPrimary: site.defaultColor } };

/** Hands antd's context-aware message API to code outside React (the HTTP client). */
function ToasterBinding() {
  const { message } = AntdApp.useApp();
  useEffect(() => bindToaster(message), [message]);
  return null;
}

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client to start from an empty cache. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const language = useSettings((state) => state.language);
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={antdLocales[language]} theme={theme}>
        <AntdApp>
          <ToasterBinding />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
