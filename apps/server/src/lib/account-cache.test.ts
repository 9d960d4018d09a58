import { describe, expect, it } from 'vitest';
import { AccountCache } from './account-cache.js';

const owner = {};

describe('AccountCache', () => {
  it('reads once for concurrent callers and serves the value until it expires', async () => {
    const cache = new AccountCache<object, number>(60_000);
    let reads = 0;
    const load = async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 5));
      return reads;
    };
    const values = await Promise.all([1, 2, 3].map(() => cache.get(owner, 'a', load)));
    expect(values).toEqual([1, 1, 1]);
    expect(await cache.get(owner, 'a', load)).toBe(1);
    expect(reads).toBe(1);
    // Another account is its own entry.
    expect(await cache.get(owner, 'b', load)).toBe(2);
  });

  it('reads again after forget and after the TTL', async () => {
    let reads = 0;
    const load = () => Promise.resolve(++reads);
    const cache = new AccountCache<object, number>(60_000);
    await cache.get(owner, 'a', load);
    cache.forget(owner, 'a');
    expect(await cache.get(owner, 'a', load)).toBe(2);
    const short = new AccountCache<object, number>(0);
    await short.get(owner, 'a', load);
    await new Promise((r) => setTimeout(r, 2));
    expect(await short.get(owner, 'a', load)).toBe(4);
  });

  it('keeps no failed read', async () => {
    const cache = new AccountCache<object, number>(60_000);
    await expect(cache.get(owner, 'a', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get(owner, 'a', () => Promise.resolve(7))).toBe(7);
  });
});
