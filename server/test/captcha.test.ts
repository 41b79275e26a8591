import { describe, expect, it } from 'vitest';
import { CAPTCHA_SIZE, CaptchaStore } from '../src/modules/auth/captcha';

const svgOf = (image: string) => Buffer.from(image.split(',')[1], 'base64').toString('utf8');

/** Relative luminance (WCAG) of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('captcha picture', () => {
  it('draws bold characters in colours that stand out from its light ground, at the size the form shows', () => {
    const store = new CaptchaStore();
    for (let i = 0; i < 20; i++) {
      const svg = svgOf(store.create().image);
      expect(svg).toContain(`width="${CAPTCHA_SIZE.width}" height="${CAPTCHA_SIZE.height}"`);
      const glyphs = [
        ...svg.matchAll(/<path fill="(#[0-9a-f]{6})" stroke="(#[0-9a-f]{6})" stroke-width="([\d.]+)"/g),
      ];
      expect(glyphs.length).toBe(5);
      for (const [, fill, stroke, width] of glyphs) {
        expect(stroke).toBe(fill);
        expect(Number(width)).toBeGreaterThanOrEqual(1.5);
        // at least 3:1 against the #f4f6fb ground (WCAG's contrast for large text and graphics)
        const ground = luminance('#f4f6fb');
        expect((ground + 0.05) / (luminance(fill) + 0.05)).toBeGreaterThanOrEqual(3);
      }
    }
  });
});
