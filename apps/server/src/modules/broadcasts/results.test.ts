import { beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, type Broadcast, type BroadcastCounts } from '@sapa/contracts';
import {
  broadcastAccount,
  call,
  checkText,
  createBroadcast,
  rows,
  useBroadcastAccount,
} from './test-helpers.js';

const w = useBroadcastAccount();

describe('results', () => {
  let b: Broadcast;

  beforeAll(async () => {
    const check = await checkText(
      w.ctx,
      w.admin,
      w.templateId,
      `${rows(4, 700)}\n0812,Bad,=HYPERLINK("x")`,
    );
    b = await createBroadcast(w.ctx, w.admin, {
      ...w.base(),
      title: 'Results test',
      draftId: check.draftId,
    });
    const ids = await w.ctx.deps.db
      .selectFrom('broadcast_recipients')
      .select('id')
      .where('broadcast_id', '=', b._id)
      .orderBy('id')
      .execute();
    const set = (i: number, values: Record<string, unknown>) =>
      w.ctx.deps.db
        .updateTable('broadcast_recipients')
        .set(values)
        .where('id', '=', ids[i]!.id)
        .execute();
    const now = w.ctx.clock.now();
    await set(0, {
      status: 'read',
      sent_at: now,
      delivered_at: now,
      read_at: now,
      replied_at: now,
    });
    await set(1, { status: 'delivered', sent_at: now, delivered_at: now });
    await set(2, {
      status: 'failed',
      failed_at: now,
      error: JSON.stringify({ code: 131026, title: 'Message undeliverable' }),
    });
  });

  it('totals per status and replies', async () => {
    const res = await call(
      w.ctx,
      w.admin,
      'GET',
      `/api/broadcastrecipients/status?broadcastId=${b._id}`,
    );
    const counts = res.json() as BroadcastCounts;
    expect(counts).toMatchObject({ total: 4, replied: 1 });
    expect(counts.byStatus).toMatchObject({ read: 1, delivered: 1, failed: 1, queue: 1, sent: 0 });
  });

  it('lists recipients with a status filter, a phone search and load more', async () => {
    const failed = await call(
      w.ctx,
      w.admin,
      'GET',
      `/api/broadcastrecipients?broadcastId=${b._id}&status=failed`,
    );
    expect(failed.json().data).toEqual([
      expect.objectContaining({
        row: 3,
        status: 'failed',
        error: 'Message undeliverable (131026)',
      }),
    ]);
    const search = await call(
      w.ctx,
      w.admin,
      'GET',
      `/api/broadcastrecipients?broadcastId=${b._id}&searchText=0812 2000 0701`,
    );
    expect(search.json().data.map((r: { row: number }) => r.row)).toEqual([2]);
    const page1 = await call(
      w.ctx,
      w.admin,
      'GET',
      `/api/broadcastrecipients?broadcastId=${b._id}&perpage=3`,
    );
    expect(page1.json().data).toHaveLength(3);
    const page2 = await call(
      w.ctx,
      w.admin,
      'GET',
      `/api/broadcastrecipients?broadcastId=${b._id}&perpage=3&startKey=${page1.json().nextKey}`,
    );
    expect(page2.json()).toMatchObject({
      nextKey: null,
      data: [expect.objectContaining({ row: 4 })],
    });
  });

  it('exports results as CSV with a BOM and XLSX, and the rejected rows with reasons', async () => {
    const csv = await call(w.ctx, w.admin, 'GET', `/api/broadcasts/${b._id}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.body.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'row,phone,param1,param2,status,error,sent_at,delivered_at,read_at,failed_at,replied_at',
    );
    expect(lines).toHaveLength(5);
    expect(lines[3]).toContain('failed,Message undeliverable (131026)');

    const xlsx = await call(w.ctx, w.admin, 'GET', `/api/broadcasts/${b._id}/export.xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const rejected = await call(w.ctx, w.admin, 'GET', `/api/broadcasts/${b._id}/rejected.csv`);
    const rejectedLines = rejected.body.slice(1).trim().split(/\r?\n/);
    expect(rejectedLines[0]).toBe('row,phone,param1,param2,reason');
    // A value a spreadsheet would run as a formula is escaped.
    expect(rejectedLines[1]).toBe(`5,0812,Bad,"'=HYPERLINK(""x"")",Invalid phone number`);
  });

  it('builds an Excel example with the template columns', async () => {
    const res = await call(
      w.ctx,
      w.agent,
      'GET',
      `/api/broadcasts/example.xlsx?templateId=${w.templateId}`,
    );
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = wb.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ['phone', 'param1', 'param2'],
      ['6281234567890', 'Budi', 'INV-001'],
      ['6285712345678', 'Budi 2', 'INV-001 2'],
    ]);
  });

  it('pauses and cancels through the engine, refusing what the state does not allow', async () => {
    const pause = await call(w.ctx, w.admin, 'POST', `/api/broadcasts/${b._id}/pause`);
    expect(pause.statusCode, pause.body).toBe(200);
    expect(pause.json()).toMatchObject({ status: 'paused' });
    expect(
      (await call(w.ctx, w.otherAgent, 'POST', `/api/broadcasts/${b._id}/cancel`)).statusCode,
    ).toBe(404);
    const cancel = await call(w.ctx, w.admin, 'POST', `/api/broadcasts/${b._id}/cancel`);
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    const again = await call(w.ctx, w.admin, 'POST', `/api/broadcasts/${b._id}/resume`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: BROADCAST_MESSAGES.cannotResume });
    expect((await w.list(w.admin, 'finished')).map((x) => x._id)).toContain(b._id);
    expect((await w.list(w.admin, 'scheduled')).map((x) => x._id)).not.toContain(b._id);
  });
});

describe('100,000 recipients', () => {
  // Timings are measured by `npm run bench -- broadcast`, never asserted here.
  it('checks and stores 100,000 pasted rows, then confirms them without parsing again', async () => {
    const {
      accountId: bigAccount,
      admin: user,
      channelId: ch,
      templateId: t,
    } = await broadcastAccount(w.ctx, { balance: 100_000_000 });
    await w.ctx.deps.db
      .insertInto('settings')
      .values({ account_id: bigAccount, key: 'bo.broadcast_limit', value: '200000' })
      .execute();
    const check = await checkText(w.ctx, user, t, rows(100_000));
    expect(check).toMatchObject({ validCount: 100_000, invalidCount: 0 });
    const b = await createBroadcast(w.ctx, user, {
      title: 'Big',
      channelId: ch,
      templateId: t,
      draftId: check.draftId,
    });
    expect(b.counts).toMatchObject({ total: 100_000, byStatus: { queue: 100_000 } });
  }, 60_000);
});
