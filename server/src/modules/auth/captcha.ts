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
    const svg = render(text, {
      noise: 2,
      color: true,
      background: '#f4f6fb',
      width: 120,
      height: 40,
      fontSize: 46,
    });
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
