import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@sapa/contracts';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { renderScreen } from '../shared/test-utils';
import { PersonChannels } from './PersonChannels';
import { makeContact } from './testFixtures';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const WA_CHAT = '3b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a04';
const IG_CHAT = '3b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a05';
const IG_ID = '4b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a06';
const MS_ID = '4b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a07';

const budi = makeContact({
  channels: [{ channel: 'whatsapp', identifier: '6281234567890', chatId: WA_CHAT }],
  mergedWith: [],
});
const budiIg = makeContact({
  _id: IG_ID,
  name: 'budi.ig',
  phone: null,
  channels: [{ channel: 'instagram', identifier: '17840001', chatId: IG_CHAT }],
});
const budiMessenger = makeContact({
  _id: MS_ID,
  name: 'Budi S',
  phone: null,
  channels: [{ channel: 'messenger', identifier: '2400001', chatId: WA_CHAT.replace('04', '09') }],
});
const mergedBudi = makeContact({
  ...budi,
  mergedWith: [
    { _id: IG_ID, name: 'budi.ig', phone: null, archived: false, channels: budiIg.channels },
  ],
});

describe('PersonChannels', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    post.mockReset();
    get.mockImplementation(async (path: string) => {
      if (path === 'contacts')
        return { data: [budi, budiIg, budiMessenger], nextKey: null, total: 3 };
      throw new Error(`unexpected GET ${path}`);
    });
  });

  it("lists every channel's chats of the person, each under its own contact, with icons", () => {
    renderScreen(<PersonChannels contact={mergedBudi} />);
    const links = screen.getAllByTestId('contact-chat-link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/chat?id=${WA_CHAT}`,
      `/chat?id=${IG_CHAT}`,
    ]);
    const partner = screen.getByTestId('merged-contact');
    expect(within(partner).getByText('budi.ig')).toBeTruthy();
    expect(within(partner).getByRole('img', { name: 'Instagram' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'WhatsApp' })).toBeTruthy();
  });

  it('merges after a search and a confirmation, leaving out contacts already together', async () => {
    post.mockResolvedValue(mergedBudi);
    renderScreen(
      <PersonChannels
        contact={{ ...budi, mergedWith: [{ ...mergedBudi.mergedWith![0]!, _id: MS_ID }] }}
      />,
    );
    fireEvent.click(screen.getByTestId('contact-merge'));
    fireEvent.change(await screen.findByTestId('merge-search'), { target: { value: 'budi' } });
    const candidates = await screen.findAllByTestId('merge-candidate');
    // Budi himself and the Messenger contact already merged with him are not offered.
    expect(candidates.map((c) => c.textContent)).toEqual([expect.stringContaining('budi.ig')]);
    expect(get).toHaveBeenCalledWith(
      'contacts',
      expect.objectContaining({ params: expect.objectContaining({ searchText: 'budi' }) }),
    );
    fireEvent.click(candidates[0]!);
    expect(screen.getAllByTestId('merge-card')).toHaveLength(2);
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('merge-confirm'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`contacts/${budi._id}/merge`, {
        body: { otherContactId: IG_ID },
      }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Contacts merged'));
  });

  it("shows the server's reason when a merge is refused, in Indonesian too", async () => {
    await setLanguage('id');
    post.mockRejectedValue(
      new HttpError({
        status: 400,
        message: MESSAGES.contactMergeSelf,
        code: 'CONTACT_MERGE_SELF',
      }),
    );
    renderScreen(<PersonChannels contact={budi} />);
    fireEvent.click(screen.getByTestId('contact-merge'));
    expect(screen.getByTestId('contact-merge').textContent).toBe('Gabungkan dengan…');
    fireEvent.change(await screen.findByTestId('merge-search'), { target: { value: 'budi' } });
    fireEvent.click((await screen.findAllByTestId('merge-candidate'))[0]!);
    fireEvent.click(screen.getByTestId('merge-confirm'));
    expect((await screen.findByTestId('merge-error')).textContent).toBe(
      'Kontak tidak dapat digabungkan dengan dirinya sendiri',
    );
  });

  it('unmerges a merged contact', async () => {
    post.mockResolvedValue(budiIg);
    renderScreen(<PersonChannels contact={mergedBudi} />);
    fireEvent.click(screen.getByTestId('contact-unmerge'));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`contacts/${IG_ID}/unmerge`));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('budi.ig unmerged'));
  });
});
