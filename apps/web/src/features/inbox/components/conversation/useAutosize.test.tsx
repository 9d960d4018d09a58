import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { useAutosize } from './useAutosize';

function Field({ value }: { value: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useAutosize(ref, value);
  return <textarea ref={ref} value={value} rows={1} readOnly data-testid="field" />;
}

// Reading these makes the browser lay the page out on the spot.
function watchLayoutReads() {
  const reads: string[] = [];
  for (const prop of ['scrollHeight', 'clientWidth'] as const) {
    vi.spyOn(HTMLElement.prototype, prop, 'get').mockImplementation(() => {
      reads.push(prop);
      return 40;
    });
  }
  const computed = vi.spyOn(window, 'getComputedStyle');
  return { reads, computed };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useAutosize', () => {
  it('opens an empty field (every chat just opened) without forcing a layout', () => {
    const { reads, computed } = watchLayoutReads();
    const { getByTestId } = render(<Field value="" />);
    expect(reads).toEqual([]);
    expect(computed).not.toHaveBeenCalled();
    expect(getByTestId('field').style.height).toBe('');
  });

  it('measures once there is text, and lets go of the height when it is cleared', () => {
    const { reads } = watchLayoutReads();
    const { getByTestId, rerender } = render(<Field value={'one\ntwo'} />);
    expect(reads).toContain('scrollHeight');
    const field = getByTestId('field');
    expect(field.style.height).not.toBe('');
    rerender(<Field value="" />);
    expect(field.style.height).toBe('');
    expect(field.style.overflowY).toBe('hidden');
  });
});
