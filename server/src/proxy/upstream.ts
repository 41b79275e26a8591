import type { FastifyBaseLogger } from 'fastify';
import { detectLine, probeFeatures, UnreachableError } from '@psi/contract/line';
import type { BladeLine, OptionalFeature } from '@psi/db/model';

/** First wait before asking an unreachable upstream again; doubled up to the maximum. */
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/**
 * What the proxy knows of its upstream: its line (`BLADE_UPSTREAM_LINE`, else asked) and which
 * optional parts it has. Asked once at start-up; an unreachable upstream is asked again in the
 * background (bladex and every part assumed meanwhile), so the proxy starts before its gateway.
 */
export class UpstreamState {
  line: BladeLine;
  features?: Record<OptionalFeature, boolean>;
  /** Whether the line and features come from the upstream's own answers (or the setting). */
  known = false;
  private timer?: NodeJS.Timeout;
  private closed = false;
  private readonly listeners: ((line: BladeLine) => void)[] = [];

  constructor(
    private readonly upstream: string,
    private readonly configured: BladeLine | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    this.line = configured ?? 'bladex';
  }

  /** Called with the line once the upstream has told it (and again if it ever changes). */
  onLine(listener: (line: BladeLine) => void) {
    this.listeners.push(listener);
  }

  /** Asks the upstream; on failure schedules the next attempt. Resolves either way. */
  async start(delay = FIRST_RETRY_MS): Promise<void> {
    try {
      const line = this.configured ?? (await detectLine(this.upstream));
      const features = await probeFeatures(this.upstream);
      const changed = line !== this.line;
      this.line = line;
      this.features = features;
      this.known = true;
      this.log.info(
        {
          upstream: this.upstream,
          line,
          lineSource: this.configured ? 'BLADE_UPSTREAM_LINE' : 'asked',
          features,
        },
        `proxy: the upstream speaks ${line}`,
      );
      if (changed) for (const l of this.listeners) l(line);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      const unreachable = e instanceof UnreachableError;
      this.log.warn(
        { upstream: this.upstream, retryInMs: delay },
        `proxy: ${unreachable ? 'the upstream is unreachable' : 'the upstream did not tell its line'} (${reason}); assuming ${this.line} and asking again`,
      );
      if (this.closed) return;
      this.timer = setTimeout(() => void this.start(Math.min(delay * 2, MAX_RETRY_MS)), delay);
      this.timer.unref();
    }
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
  }
}
