import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, message, type ThemeConfig } from 'antd';
// The two algorithms only: antd's `theme` object would also bring getDesignToken and the compact algorithm.
import darkAlgorithm from 'antd/es/theme/themes/dark';
import defaultAlgorithm from 'antd/es/theme/themes/default';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from '../config/site';
import { readablePalette, resolveThemeColor, themeOf, type ThemeDef } from '../config/themes';
import { useSettings } from '../stores/settings';
import { bindToaster, toastPlacement, type Toaster } from '../utils/feedback';

/**
 * antd's providers: theme and locale, and the toasts. Not part of the first screen's JavaScript: the
 * router loads this module (`app/antd-shell.tsx`) around every route but the login page, whose form is
 * plain markup; the login page's toasts and its lazily loaded dialogs take it when they need it.
 */

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
 * error toasts, while it is mounted. `message.useMessage` rather than antd `<App>`, which the signed-in
 * layout adds itself.
 */
function ToastHost() {
  const [api, contextHolder] = message.useMessage(toastPlacement);
  useEffect(() => bindToaster(api), [api]);
  return contextHolder;
}

/** antd's `ConfigProvider` with the theme, primary colour and language of the settings. */
export function AntdConfig({ children }: { children: ReactNode }) {
  const language = useSettings((state) => state.language);
  const themeName = useSettings((state) => state.theme);
  const color = useSettings((state) => state.color);
  const def = themeOf(themeName);
  const config = useMemo(() => antdThemeOf(def, color), [def, color]);
  return (
    <ConfigProvider locale={antdLocales[language]} theme={config}>
      {children}
    </ConfigProvider>
  );
}

/** The antd providers of every screen but the login page: theme, locale and the bound toasts. */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <AntdConfig>
      <ToastHost />
      {children}
    </AntdConfig>
  );
}

let staticConfigured = false;

/**
 * antd's static `message`, for a toast raised where no context toaster is mounted (the login page):
 * its toasts take the settings' theme and locale too, at the same place.
 */
export function staticToaster(): Toaster {
  if (!staticConfigured) {
    staticConfigured = true;
    ConfigProvider.config({ holderRender: (children) => <AntdConfig>{children}</AntdConfig> });
    message.config(toastPlacement);
  }
  return message;
}
