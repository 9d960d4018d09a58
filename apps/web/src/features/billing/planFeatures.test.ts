import { describe, expect, it } from 'vitest';
import { planFeatures } from './planFeatures';

describe('planFeatures', () => {
  it('drops the agent count the card already shows from agentLimit', () => {
    expect(
      planFeatures({ features: ['1 WhatsApp number', '3 agents', 'Shared inbox', 'Broadcasts'] }),
    ).toEqual(['1 WhatsApp number', 'Shared inbox', 'Broadcasts']);
  });

  it('recognises other ways of writing it, in English and Indonesian', () => {
    expect(
      planFeatures({ features: ['1 agent', 'Up to 10 Agents', ' Hingga 5 agen ', '7 agen'] }),
    ).toEqual([]);
  });

  it('keeps features that only mention agents', () => {
    const features = [
      'Agent performance reports',
      '3 channels',
      'Unlimited agents',
      'Agents by division',
    ];
    expect(planFeatures({ features })).toEqual(features);
  });
});
