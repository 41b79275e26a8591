import { useState } from 'react';
import { ColorPicker as AntColorPicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { site } from '../../../config/site';
import { useSettings } from '../../../stores/settings';
import { HeaderIconButton } from './HeaderIconButton';

/**
 * The primary colour (default #409EFF): antd design tokens recolour every component at once. The
 * trigger is a real button (antd's own is a bare div, unreachable by keyboard and unnamed).
 */
export function ColorPicker() {
  const { t } = useTranslation();
  const color = useSettings((state) => state.color);
  const setColor = useSettings((state) => state.setColor);
  const [open, setOpen] = useState(false);
  return (
    <Tooltip title={t('layout.color')} open={open ? false : undefined}>
      <span className="psi-header__color" data-testid="color-picker">
        <AntColorPicker
          value={color}
          disabledAlpha
          open={open}
          onOpenChange={setOpen}
          presets={[{ label: t('layout.colorPresets'), colors: [...site.colorPresets] }]}
          onChangeComplete={(value) => setColor(value.toHexString())}
        >
          <HeaderIconButton
            label={t('layout.color')}
            aria-haspopup="dialog"
            aria-expanded={open}
            testId="color-picker-trigger"
            icon={<span className="psi-header__swatch" style={{ background: color }} />}
          />
        </AntColorPicker>
      </span>
    </Tooltip>
  );
}
