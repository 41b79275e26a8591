import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config';

const base = { DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40) };

describe('SEED=recorded:<dir>', () => {
  const recording = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-recording-'));
  fs.writeFileSync(path.join(recording, 'manifest.json'), '{}');

  it('seeds the minimal system data with the recording over it, or the demo with +demo', () => {
    expect(configFromEnv({ ...base, SEED: `recorded:${recording}` })).toMatchObject({
      seed: 'minimal',
      recordedSeed: recording,
    });
    expect(configFromEnv({ ...base, SEED: `recorded:${recording}+demo` })).toMatchObject({
      seed: 'demo',
      recordedSeed: recording,
    });
    expect(configFromEnv({ ...base, SEED: 'demo' }).recordedSeed).toBeUndefined();
  });

  it('refuses a folder that is not a recording, and names the forms SEED takes', () => {
    expect(() => configFromEnv({ ...base, SEED: `recorded:${os.tmpdir()}/no-such-recording` })).toThrow(
      /names a recording \(a folder with manifest.json\)/,
    );
    expect(() => configFromEnv({ ...base, SEED: 'everything' })).toThrow(
      'SEED must be demo, minimal, large or recorded:<dir>[+demo], not everything',
    );
  });
});
