import { describe, expect, it } from 'vitest';
import { liveSandboxPerTest } from '../test/per-test.js';
import {
  customerDoes,
  IG,
  IG_AUTH,
  IGSID,
  metaEvents,
  PAGE,
  pageSend,
  PSID,
  reply,
  waitForEvent,
} from '../test/meta.js';
import { follow, until } from '../test/sse.js';

const sandbox = liveSandboxPerTest();

describe('the customer page as a Messenger / Instagram customer', () => {
  it('serves the app switch and the Meta views’ test ids, with the address’s app and ids', async () => {
    const page = await sandbox.app.inject({
      url: `/phone?app=instagram&account=${IG}&customer=${IGSID}&name=%3Ci%3ERizky`,
    });
    expect(page.body).toContain(`"app":"instagram","account":"${IG}","customer":"${IGSID}"`);
    expect(page.body).not.toContain('<i>Rizky');
    expect(page.body).toContain('id="tools"');
    const js = (await sandbox.app.inject({ url: '/phone/app.js' })).body;
    for (const id of [
      'phone-app-tab',
      'phone-account-select',
      'phone-story-open',
      'phone-story-reply-input',
      'phone-quick-reply',
      'phone-postback',
      'phone-react',
      'phone-reaction-option',
      'phone-seen',
      'phone-echo-input',
      'phone-echo-send',
      'phone-story-mention',
      'phone-not-subscribed',
    ])
      expect(js, id).toContain(id);
    const css = (await sandbox.app.inject({ url: '/phone/app.css' })).body;
    expect(css).toContain('.app-instagram');
    expect(css).toContain('.m-bubble');
  }, 30_000);

  it('an open thread reads what the business sends: Messenger read with the watermark', async () => {
    await customerDoes(sandbox.app, 'messenger', PSID, { type: 'text', text: 'Halo' });
    const first = await pageSend(sandbox.app, reply(PSID, 'Halo juga'));
    const firstMid = first.json<{ message_id: string }>().message_id;
    const delivered = await waitForEvent(sandbox.receiver, (e) => !!e.event.delivery);
    // Closed thread: delivered, not read.
    await new Promise((r) => setTimeout(r, 60));
    expect(metaEvents(sandbox.receiver).some((e) => !!e.event.read)).toBe(false);

    const stream = follow(`${sandbox.base}/sandbox/meta/events?account=${PAGE}&customer=${PSID}`);
    await until(() => stream.events.some((e) => e.event === 'snapshot'));
    const snapshot = stream.events[0]!.data as {
      platform: string;
      subscribed: boolean;
      messages: Array<{ mid: string }>;
    };
    expect(snapshot).toMatchObject({ platform: 'messenger', subscribed: true });
    expect(snapshot.messages.map((m) => m.mid)).toContain(firstMid);
    const read = await waitForEvent(sandbox.receiver, (e) => !!e.event.read);
    expect(read.event).toMatchObject({
      sender: { id: PSID },
      recipient: { id: PAGE },
      read: { watermark: delivered.event.delivery!.watermark },
    });

    // With the thread open, the next message is read as soon as it arrives.
    const second = await pageSend(sandbox.app, reply(PSID, 'Ada lagi?'));
    const secondMid = second.json<{ message_id: string }>().message_id;
    await until(() =>
      stream.events.some(
        (e) => e.event === 'message' && (e.data as { mid: string }).mid === secondMid,
      ),
    );
    await sandbox.receiver.waitFor(
      () => metaEvents(sandbox.receiver).filter((e) => !!e.event.read).length >= 2,
    );
    stream.stop();
    await stream.done;
  });

  it('Instagram: the snapshot carries the story; the business marking seen reaches the phone', async () => {
    await customerDoes(sandbox.app, 'instagram', IGSID, { type: 'text', text: 'Halo' });
    const stream = follow(`${sandbox.base}/sandbox/meta/events?account=${IG}&customer=${IGSID}`);
    await until(() => stream.events.some((e) => e.event === 'snapshot'));
    expect(stream.events[0]!.data).toMatchObject({
      platform: 'instagram',
      business: { username: 'democompany.id' },
      story: { id: expect.any(String), assetId: expect.any(String) },
    });
    await pageSend(
      sandbox.app,
      { recipient: { id: IGSID }, sender_action: 'mark_seen' },
      { path: IG, auth: IG_AUTH },
    );
    await pageSend(
      sandbox.app,
      { recipient: { id: IGSID }, sender_action: 'typing_on' },
      { path: IG, auth: IG_AUTH },
    );
    await until(() => stream.events.some((e) => e.event === 'seen'));
    await until(() => stream.events.some((e) => e.event === 'typing'));
    stream.stop();
    await stream.done;
  });
});
