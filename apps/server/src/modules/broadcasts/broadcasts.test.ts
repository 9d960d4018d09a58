import { beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, MESSAGES } from '@sapa/contracts';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import {
  broadcastAccount,
  call,
  checkText,
  createBroadcast,
  createTemplate,
  rows,
  useBroadcastAccount,
} from './test-helpers.js';

const w = useBroadcastAccount();
let stranger: TestUser;

beforeAll(async () => {
  stranger = await createUser(w.ctx, await createAccount(w.ctx), { role: 'admin' });
});

describe('recipient check (wizard step 2 → 3)', () => {
  it('validates pasted rows, previews the first recipient and prices the valid ones', async () => {
    const check = await checkText(
      w.ctx,
      w.admin,
      w.templateId,
      'phone,param1,param2\n081234567890,Budi,INV-1\n0812,Sari,INV-2\n+6281234567890,Budi,INV-3',
    );
    expect(check).toMatchObject({
      columns: ['phone', 'param1', 'param2'],
      totalRows: 3,
      validCount: 1,
      invalidCount: 2,
      first: { phone: '6281234567890', params: ['Budi', 'INV-1'], header: null },
      cost: { pricePerMessage: 550, estimatedCost: 550, balance: 1_000_000, sufficient: true },
    });
    expect(check.invalidSample.map((r) => [r.row, r.reason])).toEqual([
      [2, 'Invalid phone number'],
      [3, 'Duplicate phone number (same as row 1)'],
    ]);
    // A check is a draft: never listed, never sent.
    expect((await w.list(w.admin, 'scheduled')).map((b) => b._id)).not.toContain(check.draftId);
  });

  it('refuses an uppercase Phone header and a template that is not accepted or not the account’s', async () => {
    const bad = await call(w.ctx, w.admin, 'POST', '/api/broadcasts/recipients/check', {
      templateId: w.templateId,
      source: { type: 'text', text: 'Phone,param1,param2\n081234567890,a,b' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: BROADCAST_MESSAGES.phoneColumnLowercase });

    const draftTemplate = await createTemplate(w.ctx, w.accountId, w.channelId, {
      status: 'published',
    });
    const notAccepted = await call(w.ctx, w.admin, 'POST', '/api/broadcasts/recipients/check', {
      templateId: draftTemplate,
      source: { type: 'text', text: rows(1) },
    });
    expect(notAccepted.json()).toMatchObject({ message: BROADCAST_MESSAGES.templateNotAccepted });

    const foreign = await call(w.ctx, stranger, 'POST', '/api/broadcasts/recipients/check', {
      templateId: w.templateId,
      source: { type: 'text', text: rows(1) },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('reads an uploaded CSV (multipart) and replaces the previous draft on Check Now', async () => {
    const first = await checkText(w.ctx, w.admin, w.templateId, rows(2));
    const boundary = '----sapa-test';
    const csv = '\uFEFFphone;param1;param2\r\n081299990001;Ani;A-1\r\n081299990002;Ani ;A-2\r\n';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="templateId"\r\n\r\n${w.templateId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="draftId"\r\n\r\n${first.draftId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/broadcasts/recipients/check',
      headers: { ...w.admin.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ validCount: 1, invalidCount: 1 });
    expect(res.json().invalidSample[0].reason).toBe('The param1 value has trailing spaces');
    const old = await w.ctx.deps.db
      .selectFrom('broadcasts')
      .select('id')
      .where('id', '=', first.draftId)
      .executeTakeFirst();
    expect(old).toBeUndefined();
  });

  it('takes contact groups, filling parameters from contact fields', async () => {
    const { db } = w.ctx.deps;
    const contacts = await db
      .insertInto('contacts')
      .values([
        {
          account_id: w.accountId,
          name: 'Grup Satu',
          phone: '81277770001',
          attributes: JSON.stringify({ invoice: 'G-1' }),
        },
        { account_id: w.accountId, name: 'Grup Dua', phone: '81277770002', attributes: '{}' },
        { account_id: w.accountId, name: 'No Phone', phone: null, attributes: '{}' },
      ])
      .returning('id')
      .execute();
    const group = await db
      .insertInto('contact_groups')
      .values({ account_id: w.accountId, name: `Group ${Math.random()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('contact_group_members')
      .values(contacts.map((c) => ({ group_id: group.id, contact_id: c.id })))
      .execute();
    const missing = await call(w.ctx, w.admin, 'POST', '/api/broadcasts/recipients/check', {
      templateId: w.templateId,
      source: { type: 'groups', groupIds: [group.id] },
    });
    expect(missing.json()).toMatchObject({ message: 'Choose which contact field fills param1' });

    const res = await call(w.ctx, w.admin, 'POST', '/api/broadcasts/recipients/check', {
      templateId: w.templateId,
      source: {
        type: 'groups',
        groupIds: [group.id],
        fields: { param1: 'name', param2: 'attribute:invoice' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ validCount: 1, invalidCount: 2 });
    const recipients = await db
      .selectFrom('broadcast_recipients')
      .select(['phone', 'params', 'contact_id'])
      .where('broadcast_id', '=', res.json().draftId)
      .execute();
    expect(recipients).toEqual([
      { phone: '6281277770001', params: ['Grup Satu', 'G-1'], contact_id: contacts[0]?.id },
    ]);
  });

  it('caps recipients at bo.broadcast_limit', async () => {
    await w.ctx.deps.db
      .insertInto('settings')
      .values({ account_id: w.accountId, key: 'bo.broadcast_limit', value: '3' })
      .execute();
    const res = await call(w.ctx, w.admin, 'POST', '/api/broadcasts/recipients/check', {
      templateId: w.templateId,
      source: { type: 'text', text: rows(4, 500) },
    });
    await w.ctx.deps.db
      .deleteFrom('settings')
      .where('account_id', '=', w.accountId)
      .where('key', '=', 'bo.broadcast_limit')
      .execute();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'A broadcast may have at most 3 recipients' });
  });
});

describe('creating a broadcast (step 3)', () => {
  it('schedules the checked recipients and lists it under Scheduled', async () => {
    const check = await checkText(w.ctx, w.agent, w.templateId, rows(3, 100));
    const at = new Date(w.ctx.clock.now().getTime() + 3_600_000).toISOString();
    const b = await createBroadcast(w.ctx, w.agent, {
      ...w.base(),
      draftId: check.draftId,
      scheduledAt: at,
      selfAssign: true,
    });
    expect(b).toMatchObject({
      _id: check.draftId,
      title: 'November promo',
      status: 'scheduled',
      scheduledAt: at,
      selfAssign: true,
      totalCount: 3,
      estimatedCost: 1650,
      templateContent: 'Halo {{1}}, tagihan {{2}} sudah terbit.',
      createdBy: { _id: w.agent.id },
      counts: { total: 3, byStatus: { queue: 3 }, replied: 0 },
    });
    // The engine's start job went out with the schedule, delayed to the start time.
    const job = w.ctx.jobs.history.find(
      (j) =>
        j.name === 'broadcast.start' && (j.data as { broadcastId: string }).broadcastId === b._id,
    );
    expect(job?.options).toMatchObject({ startAfterSeconds: 3600 });
    expect((await w.list(w.agent, 'scheduled')).map((x) => x._id)).toContain(b._id);
    // A second confirm of the same draft finds no draft.
    const again = await call(w.ctx, w.agent, 'POST', '/api/broadcasts', {
      ...w.base(),
      draftId: check.draftId,
    });
    expect(again.statusCode).toBe(404);
  });

  it('agents see only their own broadcasts; managers see all; other accounts none', async () => {
    const check = await checkText(w.ctx, w.agent, w.templateId, rows(1, 200));
    const b = await createBroadcast(w.ctx, w.agent, { ...w.base(), draftId: check.draftId });
    expect((await call(w.ctx, w.otherAgent, 'GET', `/api/broadcasts/${b._id}`)).statusCode).toBe(
      404,
    );
    expect((await w.list(w.otherAgent, 'scheduled')).map((x) => x._id)).not.toContain(b._id);
    expect((await call(w.ctx, w.admin, 'GET', `/api/broadcasts/${b._id}`)).statusCode).toBe(200);
    expect((await call(w.ctx, stranger, 'GET', `/api/broadcasts/${b._id}`)).statusCode).toBe(404);
    expect(
      (await call(w.ctx, stranger, 'GET', `/api/broadcastrecipients?broadcastId=${b._id}`))
        .statusCode,
    ).toBe(404);
    // Another user cannot confirm someone else's draft either.
    const draft = await checkText(w.ctx, w.agent, w.templateId, rows(1, 210));
    const stolen = await call(w.ctx, w.otherAgent, 'POST', '/api/broadcasts', {
      ...w.base(),
      draftId: draft.draftId,
    });
    expect(stolen.statusCode).toBe(404);
  });

  it("refuses with 'Insufficient Balance' when the balance does not cover the cost", async () => {
    const {
      admin: poor,
      channelId: poorChannel,
      templateId: t,
    } = await broadcastAccount(w.ctx, { balance: 50_500 });
    // 50,500 ≥ the 50,000 minimum, but 2 × 550 leaves it fine; 100 recipients cost 55,000.
    const check = await checkText(w.ctx, poor, t, rows(100, 300));
    expect(check.cost).toMatchObject({ estimatedCost: 55_000, balance: 50_500, sufficient: false });
    const res = await call(w.ctx, poor, 'POST', '/api/broadcasts', {
      title: 'Too big',
      channelId: poorChannel,
      templateId: t,
      draftId: check.draftId,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ message: MESSAGES.insufficientBalance });
  });

  it('refuses a start time in the past, a missing title and a template of another channel', async () => {
    const check = await checkText(w.ctx, w.admin, w.templateId, rows(1, 400));
    const past = await call(w.ctx, w.admin, 'POST', '/api/broadcasts', {
      ...w.base(),
      draftId: check.draftId,
      scheduledAt: new Date(w.ctx.clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: BROADCAST_MESSAGES.scheduleInPast });
    const untitled = await call(w.ctx, w.admin, 'POST', '/api/broadcasts', {
      ...w.base(),
      title: '  ',
      draftId: check.draftId,
    });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().message).toContain('The title field is required');
    const otherChannel = (await createWhatsappChannel(w.ctx, w.accountId)).id;
    const wrong = await call(w.ctx, w.admin, 'POST', '/api/broadcasts', {
      ...w.base(),
      channelId: otherChannel,
      draftId: check.draftId,
    });
    expect(wrong.json()).toMatchObject({ message: BROADCAST_MESSAGES.templateOtherChannel });
  });

  it('requires header media for an image template: an upload of the right type or an https link', async () => {
    const imageTemplate = await createTemplate(w.ctx, w.accountId, w.channelId, {
      headerType: 'image',
    });
    const check = await checkText(w.ctx, w.admin, imageTemplate, rows(1, 600));
    const body = { ...w.base(), templateId: imageTemplate, draftId: check.draftId };
    const none = await call(w.ctx, w.admin, 'POST', '/api/broadcasts', body);
    expect(none.json()).toMatchObject({ message: 'Add the header image this template needs' });
    const http = await call(w.ctx, w.admin, 'POST', '/api/broadcasts', {
      ...body,
      headerMedia: { link: 'http://cdn.example.com/a.png' },
    });
    expect(http.json()).toMatchObject({ message: BROADCAST_MESSAGES.mediaHttps });
    const pdf = await w.ctx.deps.db
      .insertInto('media')
      .values({
        account_id: w.accountId,
        storage_key: 'x/y',
        mime_type: 'application/pdf',
        size_bytes: 10,
        sha256: 'x',
        filename: 'a.pdf',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wrongType = await call(w.ctx, w.admin, 'POST', '/api/broadcasts', {
      ...body,
      headerMedia: { mediaId: pdf.id },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('cannot be the header image');
    const ok = await createBroadcast(w.ctx, w.admin, {
      ...body,
      headerMedia: { link: 'https://cdn.example.com/a.png' },
    });
    expect(ok.headerMedia).toEqual({
      type: 'image',
      link: 'https://cdn.example.com/a.png',
      mediaId: null,
      filename: null,
    });
  });
});
