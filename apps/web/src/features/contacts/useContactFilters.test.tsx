import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useContactFilters } from './useContactFilters';

const LABEL = '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01';

function setup(url = '/contact') {
  let hook: ReturnType<typeof useContactFilters> | null = null;
  function Probe() {
    hook = useContactFilters();
    return null;
  }
  const router = createMemoryRouter([{ path: '/contact', element: <Probe /> }], {
    initialEntries: [url],
  });
  renderHook(() => null, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <>
        <RouterProvider router={router} />
        {children}
      </>
    ),
  });
  return { router, current: () => hook as unknown as ReturnType<typeof useContactFilters> };
}

describe('useContactFilters', () => {
  it('two changes before the router commits both apply (label, then the debounced search)', async () => {
    const { router, current } = setup('/contact?channel=whatsapp');
    const update = current()[1];
    await act(async () => {
      update({ label: LABEL });
      // The same render's setter again, as the debounce effect would call it.
      update({ searchText: 'budi' });
    });
    expect(router.state.location.search).toBe(`?q=budi&channel=whatsapp&label=${LABEL}`);
    expect(current()[0]).toEqual({
      searchText: 'budi',
      channel: 'whatsapp',
      label: LABEL,
      groupId: null,
      archived: false,
    });
  });

  it('a later change starts from the committed URL', async () => {
    const { router, current } = setup();
    await act(async () => current()[1]({ archived: true }));
    await act(async () => current()[1]({ archived: false, channel: 'instagram' }));
    expect(router.state.location.search).toBe('?channel=instagram');
  });
});
