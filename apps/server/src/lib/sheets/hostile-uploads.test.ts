import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROADCAST_LIMITS,
  BROADCAST_MESSAGES,
  CONTACT_IMPORT_LIMITS,
  CONTACT_REASONS,
  MESSAGES,
} from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { HOSTILE_SHEETS, type HostileSheetKey } from '../../test/hostile-sheets.js';
import { createTemplate } from '../../modules/broadcasts/test-helpers.js';

// The security review's files, posted to both endpoints that read spreadsheets. Each must get
// a 400 naming the limit it passed (the row limit in the endpoint's own words).
let ctx: TestContext;
let admin: TestUser;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  const channelId = (await createWhatsappChannel(ctx, accountId)).id;
  templateId = await createTemplate(ctx, accountId, channelId);
});
afterAll(() => ctx.close());

function multipart(fields: Record<string, string>, file: Buffer) {
  const boundary = `----sapa${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    headers: { ...admin.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
          `filename="people.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const expected: Record<Exclude<HostileSheetKey, 'xfdRows' | 'tooManyRows'>, string> = {
  hugeSharedString: MESSAGES.sheetXmlTooLong,
  zipBomb: MESSAGES.sheetUnpackedTooLarge,
  lyingBomb: MESSAGES.importFileUnreadable,
  tooManyCells: MESSAGES.sheetTooManyCells,
  giantCsvLine: MESSAGES.sheetRowTooLong,
  manyCsvColumns: MESSAGES.sheetTooManyColumns,
};

const endpoints = [
  {
    url: '/api/contacts/import/preview',
    rows: CONTACT_IMPORT_LIMITS.maxRows,
    fields: (): Record<string, string> => ({}),
    tooManyRows: CONTACT_REASONS.tooManyRows.replace(
      '{max}',
      String(CONTACT_IMPORT_LIMITS.maxRows),
    ),
  },
  {
    url: '/api/broadcasts/recipients/check',
    rows: BROADCAST_LIMITS.maxRows,
    fields: (): Record<string, string> => ({ templateId }),
    tooManyRows: BROADCAST_MESSAGES.tooManyRows.replace('{max}', String(BROADCAST_LIMITS.maxRows)),
  },
];

describe.each(endpoints)('hostile spreadsheets posted to $url', (endpoint) => {
  const cases = (Object.keys(HOSTILE_SHEETS) as HostileSheetKey[]).map((key) => ({
    key,
    name: HOSTILE_SHEETS[key].name,
  }));

  it.each(cases)('$name: 400 with the limit it passed', { timeout: 30_000 }, async ({ key }) => {
    const bytes = await HOSTILE_SHEETS[key].build(endpoint.rows);
    const res = await ctx.app.inject({
      method: 'POST',
      url: endpoint.url,
      ...multipart(endpoint.fields(), bytes),
    });
    const message =
      key === 'xfdRows' || key === 'tooManyRows' ? endpoint.tooManyRows : expected[key];
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
