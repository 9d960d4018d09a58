import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setLanguage } from '../../lib/i18n';
import { setToken } from '../../lib/storage';
import { makeChat } from '../inbox/testFixtures';
import { ChatRow } from '../inbox/components/ChatRow';
import { ContactAvatar } from './ContactAvatar';
import { renderScreen, testQueryClient } from './test-utils';

const PICTURE = '/api/contacts/c-1/picture?v=m-1';

describe('ContactAvatar', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(async () => {
    await setLanguage('en');
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:picture-1');
    URL.revokeObjectURL = vi.fn();
    setToken('token-1');
  });
  afterEach(() => {
    setToken(null);
    vi.unstubAllGlobals();
  });

  it('shows the contact picture, fetched once with the bearer token for every avatar', async () => {
    fetchMock.mockResolvedValue(new Response(new Blob(['png']), { status: 200 }));
    renderScreen(
      <>
        <ContactAvatar pictureUrl={PICTURE} initials="RW" alt="Rina Wulandari" />
        <ContactAvatar pictureUrl={PICTURE} initials="RW" alt="Rina Wulandari" />
      </>,
    );
    const images = await screen.findAllByRole('img', { name: 'Rina Wulandari' });
    expect(images.map((i) => i.getAttribute('src'))).toEqual(['blob:picture-1', 'blob:picture-1']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(PICTURE);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
  });

  it('keeps the initials when the picture cannot be loaded', async () => {
    fetchMock.mockResolvedValue(new Response('gone', { status: 404 }));
    renderScreen(<ContactAvatar pictureUrl={PICTURE} initials="RW" alt="Rina" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByText('RW')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Rina' })).toBeNull();
  });

  it('asks for nothing without a picture', () => {
    renderScreen(<ContactAvatar initials="RW" alt="Rina" />);
    expect(screen.getByText('RW')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('releases the object URL when the cache lets the picture go', async () => {
    fetchMock.mockResolvedValue(new Response(new Blob(['png']), { status: 200 }));
    const queryClient = testQueryClient();
    renderScreen(<ContactAvatar pictureUrl={PICTURE} initials="RW" alt="Rina" />, {
      queryClient,
    });
    await screen.findByRole('img', { name: 'Rina' });
    queryClient.removeQueries({ queryKey: ['contactPicture'] });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:picture-1');
  });

  it("is the chat row's avatar when the chat has a picture", async () => {
    fetchMock.mockResolvedValue(new Response(new Blob(['png']), { status: 200 }));
    const chat = makeChat({ name: 'Rina Wulandari', pictureUrl: PICTURE });
    renderScreen(<ChatRow chat={chat} selected={false} onSelect={vi.fn()} />);
    const image = await screen.findByRole('img', { name: 'Rina Wulandari' });
    expect(image.getAttribute('src')).toBe('blob:picture-1');
  });
});
