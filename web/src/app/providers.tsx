import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import '../i18n';
import { applyThemeToDocument, themeOf } from '../config/themes';
import { useSettings } from '../stores/settings';
import { setToastLoader } from '../utils/feedback';
import { createQueryClient } from './query-client';

// A toast raised where antd's providers are not mounted (the login page) loads antd's message then.
setToastLoader(() => import('../components/AntdProviders').then(({ staticToaster }) => staticToaster()));

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client to start from an empty cache. */
  queryClient?: QueryClient;
}

/**
 * The providers of every screen: the query client, and the theme on the document (CSS variables and
 * classes, which the login page's plain markup follows). antd's own providers (theme, locale, toasts)
 * are not here: they load with the routes that use antd (`app/antd-shell.tsx`), so that the login
 * page's first screen carries no antd.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const themeName = useSettings((state) => state.theme);
  const color = useSettings((state) => state.color);
  const def = themeOf(themeName);
  useEffect(() => applyThemeToDocument(def, color), [def, color]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
