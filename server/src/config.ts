import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppOptions } from './core/context';
import { assertUsableSecret, generateSecret } from './core/jwt';
import { booleanSetting } from './core/site';
import { parseTrustProxy } from './core/security-headers';
import { sm2KeysFor } from './modules/auth/sm2';
import { parseBladeLine } from '@psi/db/model';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A secret kept in DATA_DIR when JWT_SECRET is unset, so tokens survive a restart. */
function jwtSecretFor(dataDir: string, configured: string | undefined): string {
  if (configured) {
    assertUsableSecret(configured);
    return configured;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = generateSecret();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const RECORDED = /^recorded:(.+?)(\+demo)?$/;

/**
 * `SEED`: demo, minimal or large, or `recorded:<dir>` (a recorded tenant over the minimal system
 * data) and `recorded:<dir>+demo` (over the demo, whose PSI data then stays).
 */
function parseSeed(value: string, typedIn: string): Pick<AppOptions, 'seed' | 'recordedSeed'> {
  const recorded = RECORDED.exec(value);
  if (recorded) {
    const dir = path.resolve(typedIn, recorded[1]);
    if (!fs.existsSync(path.join(dir, 'manifest.json')))
      throw new Error(`SEED=recorded:<dir> names a recording (a folder with manifest.json), not ${dir}`);
    return { seed: recorded[2] ? 'demo' : 'minimal', recordedSeed: dir };
  }
  if (!['demo', 'minimal', 'large', 'none'].includes(value))
    throw new Error(`SEED must be demo, minimal, large or recorded:<dir>[+demo], not ${value}`);
  return { seed: value as AppOptions['seed'] };
}

export interface ServerConfig extends AppOptions {
  port: number;
  host: string;
}

/** The environment variables of ARCHITECTURE.md, with their defaults. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, 'data'));
  // a relative recording is where `pnpm start` was typed (the server itself runs in server/)
  const { seed, recordedSeed } = parseSeed(env.SEED || 'demo', env.INIT_CWD || repoRoot);
  const upstream = env.BLADE_UPSTREAM?.trim() || undefined;
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    dbFile: path.join(dataDir, 'psi.db'),
    jwtSecret: upstream ? '' : jwtSecretFor(dataDir, env.JWT_SECRET?.trim() || undefined),
    seed,
    recordedSeed,
    captchaFixed: env.CAPTCHA_FIXED?.trim() || undefined,
    upstream,
    // unset: the proxy checks against our committed document of the upstream's line
    contractDocument: env.CONTRACT_DOCUMENT?.trim() ? path.resolve(env.CONTRACT_DOCUMENT.trim()) : undefined,
    webDist: env.WEB_DIST || path.join(repoRoot, 'web/dist'),
    logger: env.LOG !== 'off',
    authRateLimit: env.AUTH_RATE_LIMIT ? Number(env.AUTH_RATE_LIMIT) : undefined,
    switchMode: booleanSetting('SWITCH_MODE', env.SWITCH_MODE),
    faults: booleanSetting('FAULTS', env.FAULTS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    line: parseBladeLine('BLADE_LINE', env.BLADE_LINE, 'bladex'),
    upstreamLine: env.BLADE_UPSTREAM_LINE?.trim()
      ? parseBladeLine('BLADE_UPSTREAM_LINE', env.BLADE_UPSTREAM_LINE, 'bladex')
      : undefined,
    upstreamSm2PublicKey: env.BLADE_SM2_PUBLIC_KEY?.trim() || undefined,
    sm2: upstream
      ? undefined
      : sm2KeysFor(
          dataDir,
          env.SM2_PRIVATE_KEY?.trim() || undefined,
          env.SM2_PUBLIC_KEY?.trim() || undefined,
        ),
  };
}
