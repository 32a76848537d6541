import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
