import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Message } from '@sapa/contracts';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { makeMessage } from '../testFixtures';
import { downloadMedia } from '../useMediaUrl';
import { ConversationUiContext, type ConversationUi } from './conversation/context';
import { MessageBubble } from './MessageBubble';

vi.mock('../useMediaUrl', () => ({
  useMediaUrl: (url: string | null) =>
    url
      ? { status: 'ready', src: `blob:${url}`, retry: vi.fn() }
      : { status: 'idle', src: null, retry: vi.fn() },
  downloadMedia: vi.fn(async () => undefined),
}));

function show(message: Partial<Message>, ui: Partial<ConversationUi> = {}) {
  const value: ConversationUi = {
    customerName: 'Budi Santoso',
    onQuoteClick: vi.fn(),
    onReply: null,
    ...ui,
  };
  return renderScreen(
    <ConversationUiContext.Provider value={value}>
      <MessageBubble message={makeMessage(message)} />
    </ConversationUiContext.Provider>,
  );
}

describe('MessageBubble: every message type', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('text: keeps line breaks, makes links clickable and reads *bold*', () => {
    show({ text: 'Halo *kak*\nlihat https://toko.id/promo' });
    const text = screen.getByTestId('message-text');
    expect(text.textContent).toBe('Halo kak\nlihat https://toko.id/promo');
    expect(within(text).getByText('kak').tagName).toBe('STRONG');
    const link = within(text).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://toko.id/promo');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('image: a thumbnail that opens the lightbox, with its caption', async () => {
    show({
      msgType: 'image',
      text: 'Ini fotonya',
      attachmentName: 'kaos.jpg',
      mediaUrl: '/api/messages/101/media',
    });
    expect(screen.getByTestId('message-text').textContent).toBe('Ini fotonya');
    fireEvent.click(screen.getByTestId('message-image'));
    const big = await screen.findByTestId('lightbox-image');
    expect(big.getAttribute('src')).toBe('blob:/api/messages/101/media');
  });

  it('sticker: a small image without a bubble', () => {
    show({ msgType: 'image', payload: { sticker: true }, mediaUrl: '/api/messages/101/media' });
    expect(screen.getByTestId('message-sticker')).toBeTruthy();
    expect(screen.getByTestId('message-bubble').hasAttribute('data-sticker')).toBe(true);
  });

  it('video and audio: players', () => {
    show({ msgType: 'video', mediaUrl: '/api/messages/1/media' });
    expect(screen.getByTestId('message-video').hasAttribute('controls')).toBe(true);
    show({ msgType: 'audio', payload: { voice: true }, mediaUrl: '/api/messages/2/media' });
    expect(screen.getByTestId('message-audio').hasAttribute('controls')).toBe(true);
    expect(screen.getByText('Voice message')).toBeTruthy();
  });

  it('media without a file yet says so instead of a broken image', () => {
    show({ msgType: 'image', mediaUrl: null, status: 'received' });
    expect(screen.getByTestId('media-placeholder').textContent).toContain(
      'The attachment is not available',
    );
  });

  it('document: its name, its kind and a download under that name', () => {
    show({
      msgType: 'document',
      text: 'invoice-0042.pdf',
      attachmentName: 'invoice-0042.pdf',
      mimeType: 'application/pdf',
      mediaUrl: '/api/messages/7/media',
    });
    expect(screen.getByTestId('message-document-name').textContent).toBe('invoice-0042.pdf');
    // The caption only repeats the name: not shown twice.
    expect(screen.queryByTestId('message-text')).toBeNull();
    fireEvent.click(screen.getByTestId('message-download'));
    expect(downloadMedia).toHaveBeenCalledWith('/api/messages/7/media', 'invoice-0042.pdf');
  });

  it('location: the place and an OpenStreetMap link', () => {
    show({
      msgType: 'location',
      text: 'Monas',
      payload: {
        location: { latitude: -6.1754, longitude: 106.8272, name: 'Monas', address: 'Gambir' },
      },
    });
    const card = screen.getByTestId('message-location');
    expect(card.textContent).toContain('Monas');
    expect(card.textContent).toContain('Gambir');
    expect(screen.getByTestId('message-map-link').getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=-6.175400&mlon=106.827200#map=16/-6.175400/106.827200',
    );
  });

  it('contacts: name, phones with a copy button', () => {
    show({
      msgType: 'contacts',
      text: 'Siti Rahayu',
      contacts: [
        {
          name: { formatted_name: 'Siti Rahayu' },
          phones: [{ phone: '+62 812 3456 7890', wa_id: '6281234567890', type: 'CELL' }],
          emails: [{ email: 'siti@example.com' }],
        },
      ],
    });
    expect(screen.getByTestId('message-contact-name').textContent).toBe('Siti Rahayu');
    expect(screen.getByTestId('message-contact-phone').textContent).toBe('+62 812 3456 7890');
    expect(screen.getByText('siti@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy +62 812 3456 7890' })).toBeTruthy();
  });

  it('button and list replies: what the customer chose', () => {
    show({ msgType: 'button', text: 'Ya', payload: { reply: { id: 'yes', title: 'Ya' } } });
    expect(screen.getByTestId('message-choice').textContent).toContain('Tapped a button');
    expect(screen.getByTestId('message-choice').textContent).toContain('Ya');
    show({
      msgType: 'listButton',
      text: 'Kaos M',
      payload: { reply: { id: 'm', title: 'Kaos M', description: 'Rp 99.000' } },
    });
    const list = screen.getAllByTestId('message-choice')[1];
    expect(list?.textContent).toContain('Chose from a list');
    expect(list?.textContent).toContain('Rp 99.000');
  });

  it('url buttons: the text with its link buttons', () => {
    show({
      msgType: 'urlButton',
      fromMe: true,
      status: 'read',
      text: 'Pesanan dikirim',
      payload: { buttons: [{ title: 'Lacak paket', url: 'https://kurir.id/123' }] },
    });
    const button = screen.getByTestId('message-offer-button');
    expect(button.textContent).toContain('Lacak paket');
    expect(button.getAttribute('href')).toBe('https://kurir.id/123');
  });

  it('information lines are centred notes, explained in the agent language', async () => {
    show({
      msgType: 'information',
      text: 'The customer sent a message type WhatsApp does not deliver to this app (poll)',
      payload: { unsupported: { type: 'poll', code: 131051 } },
    });
    expect(screen.getByTestId('message-system').textContent).toContain('(poll)');
    expect(screen.queryByTestId('message-bubble')).toBeNull();
    await setLanguage('id');
    show({
      msgType: 'information',
      text: 'Reacted 👍 to a message',
      payload: { reaction: { emoji: '👍', targetProviderId: 'wamid.gone' } },
    });
    expect(screen.getAllByTestId('message-system')[1]?.textContent).toContain(
      'Memberi reaksi 👍 pada pesan',
    );
  });

  it('replies: the quote scrolls to the original', () => {
    const onQuoteClick = vi.fn();
    show(
      {
        text: 'Yang merah',
        replyTo: { _id: '90', text: 'Warna apa?', msgType: 'text', fromMe: true },
      },
      { onQuoteClick },
    );
    const quote = screen.getByTestId('message-reply-quote');
    expect(quote.textContent).toContain('You');
    expect(quote.textContent).toContain('Warna apa?');
    fireEvent.click(quote);
    expect(onQuoteClick).toHaveBeenCalledWith('90');
  });

  it('referral and forwarded: where the message came from', () => {
    show({
      text: 'Mau tanya promo',
      payload: {
        forwarded: true,
        referral: { headline: 'Diskon 50%', source_url: 'https://fb.me/ad1', source_type: 'ad' },
      },
    });
    expect(screen.getByTestId('message-forwarded')).toBeTruthy();
    expect(screen.getByTestId('message-referral').textContent).toContain('Diskon 50%');
  });

  it('reactions sit on the reacted bubble', () => {
    renderScreen(
      <MessageBubble message={makeMessage({ fromMe: true, status: 'read' })} reaction="❤️" />,
    );
    expect(screen.getByTestId('message-reaction').getAttribute('aria-label')).toBe(
      'Customer reacted ❤️',
    );
  });

  it('offers Reply on a stored message', async () => {
    const onReply = vi.fn();
    show({ _id: '77', text: 'Halo' }, { onReply });
    fireEvent.click(screen.getByTestId('message-actions'));
    fireEvent.click(await screen.findByTestId('message-reply'));
    expect(onReply).toHaveBeenCalledWith(expect.objectContaining({ _id: '77' }));
  });

  it('does not offer Reply on a message still sending (it has no server id yet)', async () => {
    const onReply = vi.fn();
    show(
      { _id: 'local:g-1', generatedId: 'g-1', fromMe: true, status: 'queue', text: 'Halo' },
      { onReply },
    );
    fireEvent.click(screen.getByTestId('message-actions'));
    await screen.findByText('Copy text');
    expect(screen.queryAllByTestId('message-reply')).toHaveLength(0);
  });
});

describe('MessageBubble: a linked number caught up after a reconnect (issue 20)', () => {
  it('says the message arrived while the number was disconnected, in both languages', async () => {
    await setLanguage('en');
    show({ text: 'Kak, masih buka?', channel: 'whatsapp_basic', payload: { caughtUp: true } });
    expect(screen.getByTestId('message-caught-up').textContent).toBe(
      'Arrived while the number was disconnected',
    );
    await setLanguage('id');
    expect(screen.getByTestId('message-caught-up').textContent).toBe('Masuk saat nomor terputus');
  });

  it('a live message says nothing of the kind', () => {
    show({ text: 'Kak, masih buka?', channel: 'whatsapp_basic', payload: {} });
    expect(screen.queryByTestId('message-caught-up')).toBeNull();
  });
});

describe('MessageBubble: a group chat on a linked number (issue 20)', () => {
  it('names the participant who wrote an inbound message, with the number beside the name', () => {
    show({
      text: 'Ada promo?',
      channel: 'whatsapp_basic',
      payload: {
        groupSender: { identifier: '6281398765432', name: 'Sari', phone: '6281398765432' },
      },
    });
    expect(screen.getByTestId('message-group-sender').textContent).toBe('Sari+6281398765432');
  });

  it('falls back to the number, and says nothing outside groups or on our own messages', () => {
    show({
      text: 'Halo',
      channel: 'whatsapp_basic',
      payload: { groupSender: { identifier: '6281234567890', name: null, phone: '6281234567890' } },
    });
    expect(screen.getByTestId('message-group-sender').textContent).toBe('+6281234567890');
    cleanup();
    show({ text: 'Halo', channel: 'whatsapp_basic', payload: {} });
    expect(screen.queryByTestId('message-group-sender')).toBeNull();
  });
});
