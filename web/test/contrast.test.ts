import { describe, expect, it } from 'vitest';
import { antdThemeOf } from '../src/components/AntdProviders';
import { readableChart } from '../src/pages/psi/home/Chart';
import {
  backgroundStops,
  contrastRatio,
  onBackground,
  readableShade,
  TEXT_RATIO,
  textOn,
  UI_RATIO,
} from '../src/config/contrast';
import { site, themeNames } from '../src/config/site';
import { readablePalette, renderedColor, resolveThemeColor, siderStops, themes } from '../src/config/themes';

/** Every colour of the picker, plus two that are hard to read: very light and mid grey. */
const colors = [...site.colorPresets, '#FFFF00', '#808080'];

/** "where: ratio < required" for each pair under its ratio. */
function check(
  faults: string[],
  where: string,
  color: string,
  backgrounds: readonly string[],
  ratio: number,
) {
  for (const background of backgrounds) {
    const value = contrastRatio(color, background);
    if (value < ratio) faults.push(`${where}: ${color} on ${background} = ${value.toFixed(2)} < ${ratio}`);
  }
}

/** A translucent background as seen over each solid colour under it. */
const over = (background: string, under: readonly string[]) =>
  under.map((solid) => onBackground(background, solid).toHexString());

describe('contrast helpers', () => {
  it('computes the WCAG ratios of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // antd's default blue on white, the failure the audit found
    expect(contrastRatio('#409eff', '#ffffff')).toBeCloseTo(2.78, 2);
    // a translucent text is composited on its background first
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(contrastRatio('#8c8c8c', '#fff'), 1);
  });

  it('darkens (or lightens) a colour just enough and keeps it when it already reads', () => {
    const shade = readableShade('#409EFF', ['#ffffff']);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_RATIO);
    expect(contrastRatio(shade, '#ffffff')).toBeLessThan(5.2);
    expect(readableShade('#304156', ['#ffffff'])).toBe('#304156');
    const light = readableShade('#1f3a8a', ['#141414'], TEXT_RATIO, true);
    expect(contrastRatio(light, '#141414')).toBeGreaterThanOrEqual(TEXT_RATIO);
    expect(textOn('#ffff00')).toBe('#000000');
    expect(textOn('#1f3a8a')).toBe('#ffffff');
  });

  it('reads the stops of a gradient and ignores the radial stars over it', () => {
    expect(backgroundStops('#ffffff')).toEqual(['#ffffff']);
    expect(
      backgroundStops(
        'radial-gradient(1px 1px at 2px 3px, #fff, transparent), linear-gradient(180deg, #141e4f 0%, #4a1d5e 100%)',
      ),
    ).toEqual(['#141e4f', '#4a1d5e']);
  });
});

describe.each(themeNames.map((name) => [name]))('theme %s', (name) => {
  const def = themes[name];

  it.each(colors.map((color) => [color]))('reaches WCAG AA with the primary colour %s', (color) => {
    const faults: string[] = [];
    const palette = readablePalette(def, color);
    const { surfaces } = palette;
    const tint = onBackground(palette.primary, surfaces[0]).setA(1).mix(surfaces[0], 86).toHexString();

    check(faults, 'primary text', palette.primary, [...surfaces, tint], TEXT_RATIO);
    // what antd paints from the seeds (the dark algorithm moves them)
    check(
      faults,
      'painted primary',
      renderedColor(def, 'colorPrimary', palette.primary),
      surfaces,
      TEXT_RATIO,
    );
    check(
      faults,
      'text on painted primary',
      palette.onPrimary,
      [renderedColor(def, 'colorPrimary', palette.primary)],
      TEXT_RATIO,
    );
    check(faults, 'painted error', renderedColor(def, 'colorError', palette.error), surfaces, TEXT_RATIO);
    check(
      faults,
      'painted success',
      renderedColor(def, 'colorSuccess', palette.success),
      surfaces,
      TEXT_RATIO,
    );
    check(
      faults,
      'painted warning',
      renderedColor(def, 'colorWarning', palette.warning),
      surfaces,
      TEXT_RATIO,
    );
    check(faults, 'text on primary', palette.onPrimary, [palette.primary], TEXT_RATIO);
    check(faults, 'text on hovered primary', palette.onPrimary, [palette.primaryHover], TEXT_RATIO);
    check(faults, 'text on pressed primary', palette.onPrimary, [palette.primaryActive], TEXT_RATIO);
    check(faults, 'hovered link', palette.primaryHover, surfaces, TEXT_RATIO);
    check(faults, 'error text', palette.error, surfaces, TEXT_RATIO);
    check(faults, 'text on error', palette.onError, [palette.error], TEXT_RATIO);
    check(faults, 'success text', palette.success, surfaces, TEXT_RATIO);
    check(faults, 'warning text', palette.warning, surfaces, TEXT_RATIO);
    check(faults, 'secondary text', palette.textTertiary, surfaces, TEXT_RATIO);
    check(faults, 'placeholder', palette.placeholder, surfaces, TEXT_RATIO);
    check(faults, 'control border', palette.controlBorder, surfaces, UI_RATIO);

    // the frame: sider (also its sub-menus and the collapsed pop-ups), logo, selected entry, header
    const sider = siderStops(def);
    const subMenu = over(def.subMenuBg, sider);
    for (const text of [def.siderText, def.siderTextActive]) {
      check(faults, 'sider text', text, sider, TEXT_RATIO);
      check(faults, 'sub-menu text', text, subMenu, TEXT_RATIO);
      check(faults, 'pop-up menu text', text, [def.popupBg], TEXT_RATIO);
    }
    const selectedBg = over(resolveThemeColor(def.selectedBg, palette), sider);
    check(faults, 'selected entry', resolveThemeColor(def.selectedText, palette), selectedBg, TEXT_RATIO);
    const logoBg = def.logoBg === 'transparent' ? sider : backgroundStops(def.logoBg);
    check(faults, 'logo', def.logoText, logoBg, TEXT_RATIO);
    check(faults, 'header text', def.headerText, backgroundStops(def.headerBg), TEXT_RATIO);

    expect(faults).toEqual([]);
  });
});

describe('antd theme', () => {
  it('hands the readable shades to antd and keeps white text in tooltips', () => {
    const light = antdThemeOf(themes.default, '#409EFF');
    const palette = readablePalette(themes.default, '#409EFF');
    expect(light.token?.colorPrimary).toBe(palette.primary);
    expect(light.token?.colorPrimary).not.toBe('#409EFF');
    expect(light.components?.Button?.primaryColor).toBe('#ffffff');
    const dark = antdThemeOf(themes.dark, '#409EFF');
    expect(dark.components?.Button?.primaryColor).toBe('#000000');
    expect(dark.components?.Tooltip?.colorTextLightSolid).toBe('#ffffff');
  });
});

describe('chart labels', () => {
  it('writes legends, axes and pie labels in the theme text colours and keeps the series colours', () => {
    const option = readableChart(
      {
        legend: { bottom: 0 },
        xAxis: { type: 'category' },
        yAxis: [{ type: 'value', name: 'n' }],
        series: [
          { type: 'pie', color: ['#FAAD14'], data: [] },
          { type: 'bar', data: [] },
        ],
      },
      '#1f1f1f',
      '#595959',
    ) as Record<string, Record<string, unknown>[]>;
    expect(option.legend[0].textStyle).toEqual({ color: '#1f1f1f' });
    expect(option.xAxis[0].axisLabel).toEqual({ color: '#595959' });
    expect(option.yAxis[0].nameTextStyle).toEqual({ color: '#595959' });
    expect(option.series[0].label).toEqual({ color: '#1f1f1f' });
    expect(option.series[0].color).toEqual(['#FAAD14']);
    expect(option.series[1].label).toBeUndefined();
  });

  it("takes the theme's palette, lines and tooltip background; a series' own colour wins", () => {
    const surface = { palette: ['#1668dc', '#49aa19'], line: '#303030', background: '#1f1f1f' };
    const option = readableChart(
      {
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category' },
        yAxis: [{ type: 'value' }],
        series: [{ type: 'pie', data: [] }],
      },
      '#ffffffd9',
      '#ffffffa6',
      surface,
    ) as Record<string, unknown> & Record<'xAxis' | 'yAxis' | 'series', Record<string, unknown>[]>;
    expect(option.color).toEqual(surface.palette);
    expect(option.tooltip).toEqual({
      trigger: 'axis',
      backgroundColor: '#1f1f1f',
      borderColor: '#303030',
      textStyle: { color: '#ffffffd9' },
    });
    expect(option.xAxis[0].axisLine).toEqual({ lineStyle: { color: '#303030' } });
    expect(option.yAxis[0].splitLine).toEqual({ lineStyle: { color: '#303030' } });
    expect(option.series[0].itemStyle).toEqual({ borderColor: '#1f1f1f' });
    const own = readableChart({ color: ['#f00'], series: [] }, '#fff', '#ccc', surface) as {
      color: string[];
    };
    expect(own.color).toEqual(['#f00']);
  });
});
