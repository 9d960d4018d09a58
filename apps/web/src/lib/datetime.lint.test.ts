import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps every date and time on lib/datetime: a screen that formats a date
 * its own way (12-hour, the browser's zone) fails `npm run lint`, so it never comes back.
 */
const root = `${resolve(dirname(fileURLToPath(import.meta.url)), '../../../..')}/`;
const eslint = new ESLint({ cwd: root });

async function problems(code: string, file = 'apps/web/src/features/x/Page.tsx') {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('the date-formatting lint rule', { timeout: 60_000 }, () => {
  it('refuses toLocale*String, Intl.DateTimeFormat and browser-zone getters in screens', async () => {
    const found = await problems(
      [
        'export const a = new Date().toLocaleTimeString([], { hour: "2-digit" });',
        'export const b = new Date().toLocaleDateString();',
        'export const c = new Date().toLocaleString();',
        'export const d = new Intl.DateTimeFormat("en").format(0);',
        'export const e = new Date().getHours();',
      ].join('\n'),
    );
    expect(found).toHaveLength(5);
    expect(found[0]).toMatch(/lib\/datetime/);
  });

  it('lets lib/datetime itself use Intl, and screens use its formatters', async () => {
    expect(
      await problems(
        'export const f = new Intl.DateTimeFormat("en");',
        'apps/web/src/lib/datetime.ts',
      ),
    ).toEqual([]);
    expect(
      await problems(
        "import { formatTime } from '../../lib/datetime';\nexport const g = formatTime(0);",
      ),
    ).toEqual([]);
  });
});
