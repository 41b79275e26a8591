import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, message, type ThemeConfig } from 'antd';
// The two algorithms only: antd's `theme` object would also bring getDesignToken and the compact algorithm.
import darkAlgorithm from 'antd/es/theme/themes/dark';
import defaultAlgorithm from 'antd/es/theme/themes/default';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import '../i18n';
import type { Language } from '../config/site';
import {
  applyThemeToDocument,
  readablePalette,
  resolveThemeColor,
  themeOf,
  type ThemeDef,
} from '../config/themes';
import { useSettings } from '../stores/settings';
import { bindToaster, toastPlacement } from '../utils/feedback';
import { createQueryClient } from './query-client';

const antdLocales: Record<Language, Locale> = { zh: zhCN, en: enUS };

/** The antd theme of a shell theme and primary colour: algorithm, tokens, and the sider menu colouring. */
export function antdThemeOf(def: ThemeDef, primary: string): ThemeConfig {
  const palette = readablePalette(def, primary);
  const selectedBg = resolveThemeColor(def.selectedBg, palette);
  const selectedText = resolveThemeColor(def.selectedText, palette);
  return {
    algorithm: def.dark ? darkAlgorithm : defaultAlgorithm,
    // Readable shades (WCAG AA, config/contrast.ts): text and filled controls reach 4.5:1 with any colour.
    token: {
      colorPrimary: palette.primary,
      colorPrimaryHover: palette.primaryHover,
      colorPrimaryActive: palette.primaryActive,
      colorPrimaryText: palette.primary,
      colorPrimaryTextHover: palette.primaryHover,
      colorPrimaryTextActive: palette.primaryActive,
      colorInfo: palette.primary,
      colorInfoText: palette.primary,
      colorLink: palette.primary,
      colorLinkHover: palette.primaryHover,
      colorLinkActive: palette.primaryActive,
      colorError: palette.error,
      colorErrorText: palette.error,
      colorErrorTextHover: palette.error,
      colorErrorTextActive: palette.error,
      colorSuccessText: palette.success,
      colorWarningText: palette.warning,
      colorSuccess: palette.success,
      colorWarning: palette.warning,
      colorTextTertiary: palette.textTertiary,
      colorTextDescription: palette.textTertiary,
      colorTextPlaceholder: palette.placeholder,
      colorBorder: palette.controlBorder,
      colorTextLightSolid: palette.onPrimary,
      borderRadius: def.borderRadius,
      colorBgLayout: def.layoutBg,
    },
    components: {
      Button: { primaryColor: palette.onPrimary, dangerColor: palette.onError },
      // the tooltip's dark bubble keeps white text whatever fills the buttons
      Tooltip: { colorTextLightSolid: '#ffffff' },
      Layout: {
        siderBg: 'transparent',
        headerBg: 'transparent',
        bodyBg: def.layoutBg,
        triggerBg: def.popupBg,
      },
      Menu: {
        darkItemBg: 'transparent',
        darkSubMenuItemBg: def.subMenuBg,
        darkPopupBg: def.popupBg,
        darkItemColor: def.siderText,
        darkItemHoverColor: def.siderTextActive,
        darkItemSelectedBg: selectedBg,
        darkItemSelectedColor: selectedText,
        itemBg: 'transparent',
        subMenuItemBg: def.subMenuBg,
        popupBg: def.popupBg,
        itemColor: def.siderText,
        itemHoverColor: def.siderTextActive,
        itemSelectedBg: selectedBg,
        itemSelectedColor: selectedText,
      },
    },
  };
}

/**
 * Hands a context-aware message API (theme and locale apply) to code outside React: the HTTP client's
 * error toasts. `message.useMessage` rather than antd `<App>`, which would add Modal and notification to
 * the login page's initial JavaScript; signed-in pages get `<App>` from their layout.
 */
function ToastHost() {
  const [api, contextHolder] = message.useMessage(toastPlacement);
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
  const themeName = useSettings((state) => state.theme);
  const color = useSettings((state) => state.color);
  const def = themeOf(themeName);
  const config = useMemo(() => antdThemeOf(def, color), [def, color]);
  useEffect(() => applyThemeToDocument(def, color), [def, color]);
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={antdLocales[language]} theme={config}>
        <ToastHost />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
