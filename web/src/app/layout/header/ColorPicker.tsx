import { useState } from 'react';
import { ColorPicker as AntColorPicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { site } from '../../../config/site';
import { useSettings } from '../../../stores/settings';

/** The primary colour (default #409EFF): antd design tokens recolour every component at once. */
export function ColorPicker() {
  const { t } = useTranslation();
  const color = useSettings((state) => state.color);
  const setColor = useSettings((state) => state.setColor);
  const [open, setOpen] = useState(false);
  return (
    <Tooltip title={t('layout.color')} open={open ? false : undefined}>
      <span className="psi-header__color" data-testid="color-picker">
        <AntColorPicker
          size="small"
          value={color}
          disabledAlpha
          onOpenChange={setOpen}
          presets={[{ label: t('layout.colorPresets'), colors: [...site.colorPresets] }]}
          onChangeComplete={(value) => setColor(value.toHexString())}
          aria-label={t('layout.color')}
        />
      </span>
    </Tooltip>
  );
}
