import { useState } from 'react';
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { themeNames } from '../../../config/site';
import { themes } from '../../../config/themes';
import { useSettings } from '../../../stores/settings';
import { HeaderIconButton } from './HeaderIconButton';

/** The eleven themes as small previews of the frame (sider, header, page), picked with one click. */
export function ThemePicker() {
  const { t } = useTranslation();
  const current = useSettings((state) => state.theme);
  const setTheme = useSettings((state) => state.setTheme);
  const [open, setOpen] = useState(false);

  const content = (
    <div className="psi-theme-picker" role="listbox" aria-label={t('layout.theme')}>
      {themeNames.map((name) => {
        const def = themes[name];
        return (
          <button
            key={name}
            type="button"
            role="option"
            aria-selected={current === name}
            className={`psi-theme-picker__item${current === name ? ' is-active' : ''}`}
            data-testid={`theme-option-${name}`}
            onClick={() => {
              setTheme(name);
              setOpen(false);
            }}
          >
            <span className="psi-theme-picker__preview" style={{ background: def.layoutBg }}>
              <span className="psi-theme-picker__sider" style={{ background: def.siderBg }} />
              <span className="psi-theme-picker__header" style={{ background: def.headerBg }} />
              {current === name && <CheckOutlined className="psi-theme-picker__check" />}
            </span>
            <span className="psi-theme-picker__name">{t(`theme.${name}`)}</span>
          </button>
        );
      })}
    </div>
  );

  return (
    <Popover
      content={content}
      title={t('layout.theme')}
      trigger="click"
      placement="bottomRight"
      rootClassName="psi-theme-popover"
      open={open}
      onOpenChange={setOpen}
    >
      <Tooltip title={t('layout.theme')} open={open ? false : undefined}>
        <HeaderIconButton label={t('layout.theme')} testId="theme-picker" icon={<BgColorsOutlined />} />
      </Tooltip>
    </Popover>
  );
}
