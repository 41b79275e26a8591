import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

const TTL_MS = 5 * 60 * 1000;
const MAX_PENDING = 10000;
const CHARSET = 'abcdefhjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ2345678';

// svg-captcha's typings miss two real signatures: the module itself renders a given text, and
// randomText takes an options object.
const render = svgCaptcha as unknown as (text: string, options: object) => string;
const randomText = svgCaptcha.randomText as unknown as (options: {
  size: number;
  charPreset: string;
}) => string;

/** The picture's size in CSS pixels; the sign-in form shows it at this size (`.psi-login__captcha`). */
export const CAPTCHA_SIZE = { width: 150, height: 40 };

/** A random captcha colour at 55 % of its brightness: pale blues and yellows vanish on the light ground. */
function deepen(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (c) => c + c) : hex;
  const channels = [1, 3, 5].map((at) => Math.round(parseInt(full.slice(at, at + 2), 16) * 0.55));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The characters are filled outlines of a thin font in random, often pale colours: at 40 px they read
 * as faint hairlines. Each character is drawn in a deeper shade of its colour and its outline stroked
 * too, bold enough to read at a glance; the noise line (stroked, unfilled) stays thin.
 */
function thicken(svg: string): string {
  return svg.replace(/<path fill="(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6})" d=/g, (_all, colour: string) => {
    const deep = deepen(colour);
    return `<path fill="${deep}" stroke="${deep}" stroke-width="1.5" d=`;
  });
}

/**
 * Captchas live in memory: 5 characters, case-insensitive, valid 5 minutes, single use (any attempt
 * consumes the key). With a fixed answer (tests, scripted demos) every image shows that answer.
 */
export class CaptchaStore {
  private pending = new Map<string, { code: string; expires: number }>();

  constructor(private readonly fixed?: string) {}

  create(): { key: string; image: string } {
    this.sweep();
    const text = this.fixed || randomText({ size: 5, charPreset: CHARSET });
    const svg = thicken(
      render(text, {
        noise: 1,
        color: true,
        background: '#f4f6fb',
        width: CAPTCHA_SIZE.width,
        height: CAPTCHA_SIZE.height,
        fontSize: 52,
      }),
    );
    const key = randomUUID();
    this.pending.set(key, { code: text.toLowerCase(), expires: Date.now() + TTL_MS });
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** True when the code matches; the key is spent either way. */
  verify(key: string | undefined, code: string | undefined): boolean {
    if (!key || !code) return false;
    const entry = this.pending.get(key);
    this.pending.delete(key);
    return !!entry && entry.expires > Date.now() && entry.code === code.trim().toLowerCase();
  }

  private sweep() {
    const now = Date.now();
    for (const [k, v] of this.pending) if (v.expires <= now) this.pending.delete(k);
    while (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
  }
}
