import { describe, expect, it } from 'vitest';
import { makeMessage } from '../testFixtures';
import { mergeJumpWithLive } from './useConversationMessages';

const m = (id: string, extra = {}) => makeMessage({ _id: id, text: `Pesan ${id}`, ...extra });

describe('mergeJumpWithLive', () => {
  const jumped = [m('5'), m('6', { fromMe: true, status: 'sent' }), m('7')];

  it('takes newer copies (statuses) from the live cache but nothing else in the past', () => {
    const live = [m('6', { fromMe: true, status: 'read' }), m('7'), m('8')];
    const view = mergeJumpWithLive(jumped, live, false);
    expect(view.map((x) => x._id)).toEqual(['5', '6', '7']);
    expect(view[1]?.status).toBe('read');
  });

  it('appends the live tail (new and still-sending messages) once at the present', () => {
    const live = [m('3'), m('7'), m('8'), m('local:g', { generatedId: 'g', status: 'queue' })];
    const view = mergeJumpWithLive(jumped, live, true);
    // Message 3 is older than the view: it is not spliced in out of order.
    expect(view.map((x) => x._id)).toEqual(['5', '6', '7', '8', 'local:g']);
  });
});
