import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
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

/**
 * Hands a context-aware message API (theme and locale apply) to code outside React: the HTTP client's
 * error toasts. `message.useMessage` rather than antd `<App>`, which would add Modal and notification to
 * the login page's initial JavaScript; signed-in pages get `<App>` from their layout.
 */
function ToastHost() {
  const [api, contextHolder] = message.useMessage();
  useEffect(() => bindToaster(api), [api]);
  return contextHolder;
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
        <ToastHost />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
