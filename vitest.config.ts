import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/wabasic-baileys',
      'apps/server',
      'apps/web',
      'apps/sandbox',
    ],
  },
});
