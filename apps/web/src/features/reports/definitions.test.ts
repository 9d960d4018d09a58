import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enReports from '../../locales/en/reports.json';

// The web's tooltips and docs/REPORTS.md define the figures in the same words: a definition
// changed on one side only fails here.
const DOC = readFileSync(join(import.meta.dirname, '../../../../../docs/REPORTS.md'), 'utf8');

const norm = (text: string) =>
  text.replaceAll('**', '').replaceAll('`', '').replace(/\s+/g, ' ').trim().toLowerCase();

describe('definitions shown as tooltips', () => {
  const doc = norm(DOC);
  it.each(Object.entries(enReports.definitions))('%s says what docs/REPORTS.md says', (_, text) => {
    for (const sentence of text.split(/(?<=\.)\s+/)) {
      expect(doc, sentence).toContain(norm(sentence).replace(/\.$/, ''));
    }
  });
});
