import { useState } from 'react';
import { TranslationOutlined } from '@ant-design/icons';
import { Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { supportedLanguages } from '../../../config/site';
import { useSettings } from '../../../stores/settings';
import { HeaderIconButton } from './HeaderIconButton';

/** 中文 / English: the menus, antd components and dates follow the choice. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const setLanguage = useSettings((state) => state.setLanguage);
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: supportedLanguages.map((code) => ({
          key: code,
          label: <span data-testid={`language-option-${code}`}>{t(`lang.${code}`)}</span>,
        })),
        onClick: ({ key }) => setLanguage(key === 'en' ? 'en' : 'zh'),
      }}
    >
      {/* The tooltip steps aside while the menu is open, so it never covers an option. */}
      <Tooltip title={t('lang.switch')} open={open ? false : undefined}>
        <HeaderIconButton label={t('lang.switch')} testId="header-language" icon={<TranslationOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}
