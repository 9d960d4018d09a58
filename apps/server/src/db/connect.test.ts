import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/harness.js';
import { embeddedDir, runningDatabaseUrl } from './connect.js';

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

describe('runningDatabaseUrl (the operator CLI beside a running server)', () => {
  it('takes DATABASE_URL as the server does', () => {
    const url = 'postgres://u:p@db.example:5432/sapa';
    expect(runningDatabaseUrl(testConfig({ databaseUrl: url }))).toBe(url);
  });

  it('finds the embedded cluster only while its postmaster runs, and never starts one', () => {
    const data = mkdtempSync(join(tmpdir(), 'sapa-cli-'));
    made.push(data);
    const config = testConfig({ dataDir: data, embeddedPgPort: 5544 });
    const dir = embeddedDir(data, () => undefined);
    expect(runningDatabaseUrl(config)).toBeNull();
    mkdirSync(dir, { recursive: true });
    // A pid file naming a live process (this one) stands for the server's postmaster.
    writeFileSync(join(dir, 'postmaster.pid'), `${process.pid}\n${dir}\n`);
    expect(runningDatabaseUrl(config)).toBe(
      `postgres://postgres:sapa@localhost:5544/sapa?host=${encodeURIComponent(dir)}`,
    );
    writeFileSync(join(dir, 'postmaster.pid'), '999999999\n');
    expect(runningDatabaseUrl(config)).toBeNull();
  });
});
