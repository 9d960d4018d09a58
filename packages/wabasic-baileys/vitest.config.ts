import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'wabasic-baileys', include: ['src/**/*.test.ts'] } });
