import { describe, expect, it } from 'vitest';
import { neighbourId, ownsArrowKeys } from './useListKeys';

describe('neighbourId', () => {
  const ids = ['a', 'b', 'c'];

  it('moves one chat down or up', () => {
    expect(neighbourId(ids, 'a', 1)).toBe('b');
    expect(neighbourId(ids, 'c', -1)).toBe('b');
  });

  it('stays at the ends', () => {
    expect(neighbourId(ids, 'c', 1)).toBe('c');
    expect(neighbourId(ids, 'a', -1)).toBe('a');
  });

  it('starts at the top (Down) or bottom (Up) when nothing in the list is selected', () => {
    expect(neighbourId(ids, null, 1)).toBe('a');
    expect(neighbourId(ids, null, -1)).toBe('c');
    expect(neighbourId(ids, 'gone', 1)).toBe('a');
    expect(neighbourId([], null, 1)).toBeNull();
  });
});

describe('ownsArrowKeys', () => {
  const inside = (html: string, selector: string) => {
    document.body.innerHTML = html;
    return ownsArrowKeys(document.querySelector(selector));
  };

  it('leaves arrows to fields, menus, radio groups and dialogs', () => {
    expect(inside('<input id="x" />', '#x')).toBe(true);
    expect(inside('<textarea id="x"></textarea>', '#x')).toBe(true);
    expect(inside('<div contenteditable="true"><b id="x">hi</b></div>', '#x')).toBe(true);
    expect(inside('<div role="menu"><button id="x">a</button></div>', '#x')).toBe(true);
    expect(inside('<div role="dialog"><button id="x">a</button></div>', '#x')).toBe(true);
  });

  it('takes arrows anywhere else', () => {
    expect(inside('<div><button id="x">chat</button></div>', '#x')).toBe(false);
    expect(ownsArrowKeys(document.body)).toBe(false);
    expect(ownsArrowKeys(null)).toBe(false);
  });
});
