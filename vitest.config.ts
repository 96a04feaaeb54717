import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiProject = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['apps/api/src/testing/global-setup.ts'],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    // Files and the tests in them run in a random order, so a test that leans on rows another one left
    // fails at once. Vitest prints `Running tests with seed "…"`; `--sequence.seed=…` repeats an order.
    // (Vitest takes this option from the root only: a project's own `sequence.shuffle` is ignored.)
    sequence: { shuffle: { files: true, tests: true } },
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.tsx'], environment: 'jsdom', testTimeout: 15_000 },
      },
      apiProject('api', 'pglite'),
      // The same API suite again on a real PostgreSQL server when one is named.
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api:postgres', 'postgres')] : []),
    ],
  },
});
