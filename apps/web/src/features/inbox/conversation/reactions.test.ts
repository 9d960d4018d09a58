import { describe, expect, it } from 'vitest';
import { makeMessage } from '../testFixtures';
import { collectReactions } from './reactions';

function reaction(id: string, emoji: string, target: string, fromMe = false) {
  return makeMessage({
    _id: id,
    fromMe,
    msgType: 'information',
    text: emoji ? `Reacted ${emoji} to a message` : 'Removed a reaction',
    payload: { reaction: { emoji, targetProviderId: target } },
    providerMessageId: `wamid.r${id}`,
  });
}

describe('collectReactions', () => {
  const reacted = makeMessage({ _id: '10', fromMe: true, providerMessageId: 'wamid.out10' });

  it('puts the emoji on the reacted message and hides the line', () => {
    const r = collectReactions([reacted, reaction('11', '👍', 'wamid.out10')]);
    expect(r.byMessage.get('10')).toBe('👍');
    expect([...r.hidden]).toEqual(['11']);
  });

  it('lets a later reaction replace or remove the earlier one', () => {
    const changed = collectReactions([
      reacted,
      reaction('11', '👍', 'wamid.out10'),
      reaction('12', '❤️', 'wamid.out10'),
    ]);
    expect(changed.byMessage.get('10')).toBe('❤️');
    const removed = collectReactions([
      reacted,
      reaction('11', '👍', 'wamid.out10'),
      reaction('12', '', 'wamid.out10'),
    ]);
    expect(removed.byMessage.has('10')).toBe(false);
    expect(removed.hidden).toEqual(new Set(['11', '12']));
  });

  it('keeps the line when the reacted message is not loaded', () => {
    const r = collectReactions([reaction('11', '👍', 'wamid.elsewhere')]);
    expect(r.byMessage.size).toBe(0);
    expect(r.hidden.size).toBe(0);
  });

  it("shows the customer's and the business's reactions side by side, each replaced on its own", () => {
    const customer = makeMessage({ _id: '20', providerMessageId: 'm_in20' });
    const r = collectReactions([
      customer,
      reaction('21', '❤️', 'm_in20'),
      reaction('22', '👍', 'm_in20', true),
      reaction('23', '😮', 'm_in20', true),
    ]);
    expect(r.byMessage.get('20')).toBe('❤️😮');
    expect(r.hidden).toEqual(new Set(['21', '22', '23']));
    const businessOnly = collectReactions([
      customer,
      reaction('21', '❤️', 'm_in20'),
      reaction('22', '👍', 'm_in20', true),
      reaction('24', '', 'm_in20'),
    ]);
    expect(businessOnly.byMessage.get('20')).toBe('👍');
  });
});
