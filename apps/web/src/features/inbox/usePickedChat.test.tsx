import type { ReactNode } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePickedChat, type PickedChat } from './usePickedChat';

// The first page of a pick: held until the test lets it arrive.
const pages = new Map<string, () => void>();
vi.mock('./api', () => ({
  prefetchMessages: (_client: unknown, chatId: string) =>
    new Promise<void>((resolve) => pages.set(chatId, resolve)),
}));

let picked: PickedChat;
let search = '';
function Probe() {
  picked = usePickedChat(false);
  search = useLocation().search;
  return null;
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/chat', element: <Probe /> }], {
    initialEntries: [url],
  });
  const client = new QueryClient();
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(wrap(<RouterProvider router={router} />));
  return router;
}

async function arrive(chatId: string) {
  await act(async () => {
    pages.get(chatId)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  pages.clear();
  // No frames in jsdom worth waiting for: the URL follows on the next macrotask.
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0));
});
afterEach(() => vi.unstubAllGlobals());

describe('usePickedChat', () => {
  it('shows a pick at once and moves the URL once its first page is in', async () => {
    renderAt('/chat?id=a&message=7');
    expect(picked.selectedId).toBe('a');
    expect(picked.selectedMessageId).toBe('7');

    act(() => picked.select('b'));
    expect(picked.selectedId).toBe('b');
    expect(picked.selectedMessageId).toBeNull();
    expect(search).toBe('?id=a&message=7');

    await arrive('b');
    await waitFor(() => expect(search).toBe('?id=b'));
    expect(picked.selectedId).toBe('b');
  });

  it('keeps the newest of quick picks when an older page comes last', async () => {
    renderAt('/chat?id=a');
    act(() => picked.select('b'));
    act(() => picked.select('c'));
    await arrive('c');
    await waitFor(() => expect(search).toBe('?id=c'));
    await arrive('b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await waitFor(() => expect(search).toBe('?id=c'));
    expect(picked.selectedId).toBe('c');
  });

  it('lets Back win over a pick whose URL has not landed', async () => {
    renderAt('/chat');
    act(() => picked.select('b'));
    expect(picked.selectedId).toBe('b');
    act(() => picked.back());
    expect(picked.selectedId).toBeNull();
    await arrive('b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(search).toBe('');
    expect(picked.selectedId).toBeNull();
  });

  it('gives way to a URL change made elsewhere (a search hit)', async () => {
    const router = renderAt('/chat?id=a');
    act(() => picked.select('b'));
    await act(async () => {
      await router.navigate('/chat?id=d&message=9');
    });
    expect(picked.selectedId).toBe('d');
    expect(picked.selectedMessageId).toBe('9');
    await arrive('b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(search).toBe('?id=d&message=9');
  });
});
