import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // the demo story as DOMAIN.md section 5 dates it, so its numbers and dates are the ones the tests assert
    env: { DEMO_TODAY: '2025-08-29' },
  },
});
