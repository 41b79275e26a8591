import fs from 'node:fs';
import path from 'node:path';

/** Where a replay lists what it could not place, next to the database it seeded. */
const UNMAPPED_FILE = 'unmapped.json';

/**
 * The seed's view of a recorded tenant (`SEED=recorded:<dir>`): what could not be placed is written to
 * `unmapped.json` in the data folder and said once at start-up, so nothing is dropped without a word.
 */
export function recordedSeedOf(dir: string, dataDir: string) {
  return {
    dir,
    onUnmapped: (unmapped: string[]) => {
      fs.writeFileSync(path.join(dataDir, UNMAPPED_FILE), `${JSON.stringify(unmapped, null, 2)}\n`);
      if (!unmapped.length) return;
      const shown = unmapped.slice(0, 20).map((line) => `  ${line}`);
      const more = unmapped.length > shown.length ? [`  … ${unmapped.length - shown.length} more`] : [];
      console.warn(
        [
          `SEED=recorded:${dir}: ${unmapped.length} thing(s) could not be mapped (all in ${path.join(dataDir, UNMAPPED_FILE)}):`,
          ...shown,
          ...more,
        ].join('\n'),
      );
    },
  };
}
