import { FastColor } from '@ant-design/fast-color';

/**
 * WCAG 2.1 contrast (success criteria 1.4.3 and 1.4.11): ratios of colours and the readable shades
 * of the theme colours. See docs/accessibility.md.
 */

/** Normal text. */
export const TEXT_RATIO = 4.5;
/** Large text (18.66 px bold, 24 px) and the borders that show where a control is. */
export const UI_RATIO = 3;

/** A colour as seen on a background: a translucent colour is composited onto it. */
export function onBackground(color: string, background: string): FastColor {
  const solidBackground = new FastColor(background).setA(1);
  const front = new FastColor(color);
  return front.a < 1 ? front.onBackground(solidBackground) : front;
}

/** The WCAG contrast ratio of a text (or border) colour on a background, 1 to 21. */
export function contrastRatio(color: string, background: string): number {
  const back = new FastColor(background).setA(1).getLuminance();
  const front = onBackground(color, background).getLuminance();
  const [light, dark] = front > back ? [front, back] : [back, front];
  return (light + 0.05) / (dark + 0.05);
}

/** The lowest ratio of a colour over several backgrounds. */
export function minContrast(color: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(color, background)));
}

/**
 * The solid colours a CSS background shows: itself, or the stops of its linear gradient (the star
 * theme's radial "stars" are single pixels over that gradient, so they do not count).
 */
export function backgroundStops(css: string): string[] {
  const linear = css.slice(Math.max(0, css.indexOf('linear-gradient')));
  const found = linear.match(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi);
  return found && found.length > 0 ? found : [css];
}

/**
 * The shade of a colour that reaches a ratio on every background: mixed step by step towards black
 * (on light backgrounds) or white (on dark ones) until it does. Hue stays, so the theme still shows.
 */
export function readableShade(
  color: string,
  backgrounds: readonly string[],
  ratio = TEXT_RATIO,
  dark = false,
): string {
  const base = new FastColor(color).setA(1);
  const towards = dark ? '#ffffff' : '#000000';
  for (let step = 0; step <= 100; step += 2) {
    const candidate = base.clone().mix(towards, step).toHexString();
    if (minContrast(candidate, backgrounds) >= ratio) return candidate;
  }
  return towards;
}

/** Black or white, whichever reads better on a solid colour (the text of filled buttons and badges). */
export function textOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000';
}
