import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time (cores − 1), which leaves the CPU idle while server files wait
    // on PostgreSQL, child processes and timers; every file has its own databases and ports, so two run at once.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      { test: { name: 'shared', root: 'packages/shared', include: ['test/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'simulator', root: 'packages/simulator', include: ['test/**/*.test.ts'], environment: 'node' } },
      {
        extends: 'packages/web/vite.config.ts',
        test: { name: 'web', root: 'packages/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
