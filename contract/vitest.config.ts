import { defineConfig } from 'vitest/config';

// each test starts real servers and walks them over HTTP
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 60_000 } });
