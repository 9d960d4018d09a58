import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDir } from './connect.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('embeddedDir', () => {
  it('keeps the cluster in DATA_DIR/pg when the postgres user can reach it (opening DATA_DIR itself)', () => {
    const data = mkdtempSync(join(tmpdir(), 'sapa-data-')); // mkdtemp makes it 0700
    made.push(data);
    expect(embeddedDir(data, () => undefined)).toBe(join(data, 'pg'));
  });

  it.runIf(process.getuid?.() === 0)(
    'moves it under /var/lib/sapa when a parent is closed to others',
    () => {
      const closed = mkdtempSync(join(tmpdir(), 'sapa-closed-')); // 0700, and not the data folder
      made.push(closed);
      const data = join(closed, 'app', '.data');
      mkdirSync(data, { recursive: true });
      const lines: string[] = [];
      const dir = embeddedDir(data, (l) => lines.push(l));
      expect(dir).toMatch(/^\/var\/lib\/sapa\/[0-9a-f]{12}\/pg$/);
      expect(lines[0]).toContain('cannot reach');
      expect(embeddedDir(data, () => undefined)).toBe(dir);
    },
  );
});
