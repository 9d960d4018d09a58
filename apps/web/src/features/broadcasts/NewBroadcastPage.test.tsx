import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  RECIPIENT_STATUSES,
  type RecipientCheckResult,
  type Service,
  type Template,
} from '@sapa/contracts';
import { useSession } from '../../app/session';
import type * as HttpModule from '../../lib/http';
import { monthNames, toWallTime } from '../../lib/datetime';
import { api } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { makeSession, renderScreen } from '../shared/test-utils';
import { NewBroadcastPage } from './NewBroadcastPage';

vi.mock('../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return {
    ...actual,
    api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), put: vi.fn(), delete: vi.fn() },
  };
});
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../app/session', () => ({ useSession: vi.fn() }));

const CHANNEL = '11111111-1111-4111-8111-111111111111';
const TEMPLATE = '22222222-2222-4222-8222-222222222222';
const DRAFT = '33333333-3333-4333-8333-333333333333';

const channel: Service = {
  _id: CHANNEL,
  name: 'Toko Sari',
  channel: 'whatsapp',
  provider: 'whatsapp_cloud',
  isEnable: true,
  externalId: '1000',
  displayPhoneNumber: '6281100000001',
  wabaId: '2000',
  hasAccessToken: true,
  pageId: null,
  instagramAccountId: null,
  humanAgentReplies: null,
  broadcastRate: 80,
  state: 'connected',
  health: {
    status: 'ok',
    reason: null,
    lastWebhookAt: null,
    lastSendErrorAt: null,
    lastSendError: null,
    tokenCheckedAt: null,
    tokenValid: null,
  },
  createdAt: '2026-01-01T00:00:00Z',
};

const template: Template = {
  _id: TEMPLATE,
  name: 'payday_promo',
  channel: 'whatsapp',
  channelId: CHANNEL,
  channelName: 'Toko Sari',
  category: 'MARKETING',
  language: 'id',
  initiateMessage: false,
  headerType: null,
  headerText: null,
  headerExampleUrl: null,
  headerExampleMediaId: null,
  headerExampleFilename: null,
  footer: 'Toko Sari',
  content: 'Halo {{1}}, promo gajian untuk {{2}}!',
  examples: { body: ['Budi', 'Anda'], header: null },
  buttons: [],
  disclaimer: null,
  status: 'accepted',
  templateId: 'meta-1',
  rejectionReason: null,
  isWelcome: false,
  bodyParamCount: 2,
  headerParam: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function checkResult(overrides: Partial<RecipientCheckResult> = {}): RecipientCheckResult {
  return {
    draftId: DRAFT,
    columns: ['phone', 'param1', 'param2'],
    totalRows: 3,
    validCount: 2,
    invalidCount: 1,
    first: { phone: '6281234567890', params: ['Sari', 'Kak Sari'], header: null },
    invalidSample: [{ row: 3, reason: 'Invalid phone number', values: { phone: '0812' } }],
    limit: 1000,
    cost: {
      pricePerMessage: 610.5,
      estimatedCost: 1221,
      balance: 500_000,
      minimumBalance: 50_000,
      sufficient: true,
    },
    ...overrides,
  };
}

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(useSession).mockReturnValue(makeSession());
  get.mockImplementation(async (path: string) => {
    if (path === 'services/all/whatsapp') return { data: [channel] };
    if (path === 'hsm') return { data: [template], nextKey: null, total: 1 };
    if (path === 'services/all/whatsapp_basic') return { data: [] };
    throw new Error(`unexpected GET ${path}`);
  });
});

async function fillStepOne() {
  renderScreen(<NewBroadcastPage />, { path: '/broadcast/new' });
  fireEvent.change(await screen.findByTestId('broadcast-title'), {
    target: { value: 'Payday promo' },
  });
  // The only channel is chosen for the user; the template list is that channel's.
  const select = screen.getByTestId('broadcast-template') as HTMLInputElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  await waitFor(() => expect(get).toHaveBeenCalledWith('hsm', expect.anything()));
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name: 'payday_promo (id)', hidden: true }));
  fireEvent.click(screen.getByText('Next'));
  await screen.findByTestId('required-columns');
}

// Renders the whole wizard; on a busy machine that outlasts the default five seconds.
describe('new broadcast wizard', { timeout: 30_000 }, () => {
  it('will not leave step 1 without a title and a template', async () => {
    renderScreen(<NewBroadcastPage />, { path: '/broadcast/new' });
    await screen.findByTestId('broadcast-title');
    fireEvent.click(screen.getByText('Next'));
    expect(await screen.findByText('The title field is required')).toBeTruthy();
    expect(screen.getByText('Choose an approved template of this channel')).toBeTruthy();
    expect(screen.queryByTestId('required-columns')).toBeNull();
  });

  it('offers no disconnected channel: the connected one is chosen, the other never listed', async () => {
    const OFF = '44444444-4444-4444-8444-444444444444';
    const off: Service = { ...channel, _id: OFF, name: 'Nomor lama', state: 'disconnected' };
    get.mockImplementation(async (path: string) => {
      if (path === 'services/all/whatsapp') return { data: [off, channel] };
      if (path === 'hsm') return { data: [template], nextKey: null, total: 1 };
      if (path === 'services/all/whatsapp_basic') return { data: [] };
      throw new Error(`unexpected GET ${path}`);
    });
    renderScreen(<NewBroadcastPage />, { path: '/broadcast/new' });
    await screen.findByTestId('broadcast-title');
    // Only one channel can send, so it is chosen and its template list opens.
    const select = screen.getByTestId('broadcast-template') as HTMLInputElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(screen.queryByText(/Nomor lama/)).toBeNull();
  });

  it('never offers a number linked by QR code, and says why (en, id)', async () => {
    const LINKED = '55555555-5555-4555-8555-555555555555';
    const linked: Service = {
      ...channel,
      _id: LINKED,
      name: 'WA toko (QR)',
      channel: 'whatsapp_basic',
      provider: 'whatsapp_basic',
    };
    get.mockImplementation(async (path: string) => {
      if (path === 'services/all/whatsapp') return { data: [channel] };
      if (path === 'services/all/whatsapp_basic') return { data: [linked] };
      if (path === 'hsm') return { data: [template], nextKey: null, total: 1 };
      throw new Error(`unexpected GET ${path}`);
    });
    renderScreen(<NewBroadcastPage />, { path: '/broadcast/new' });
    const note = await screen.findByTestId('broadcast-linked-note');
    expect(note.textContent).toContain('Your linked number is not offered here');
    expect(note.textContent).toContain('can get the number banned');
    fireEvent.click(screen.getByTestId('broadcast-channel'));
    expect(await screen.findByRole('option', { name: /Toko Sari/, hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /WA toko \(QR\)/, hidden: true })).toBeNull();
    await setLanguage('id');
    await waitFor(() =>
      expect(screen.getByTestId('broadcast-linked-note').textContent).toContain(
        'Nomor tertaut Anda tidak ditawarkan di sini',
      ),
    );
    await setLanguage('en');
  });

  it('says to connect a number when every channel is disconnected', async () => {
    get.mockImplementation(async (path: string) => {
      if (path === 'services/all/whatsapp')
        return { data: [{ ...channel, state: 'disconnected' }] };
      if (path === 'hsm') return { data: [template], nextKey: null, total: 1 };
      if (path === 'services/all/whatsapp_basic') return { data: [] };
      throw new Error(`unexpected GET ${path}`);
    });
    renderScreen(<NewBroadcastPage />, { path: '/broadcast/new' });
    expect(
      await screen.findByText('Connect a WhatsApp number under Integration first.'),
    ).toBeTruthy();
  });

  it('checks pasted data, previews the first recipient and starts the broadcast', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === 'broadcasts/recipients/check') return checkResult();
      if (path === 'broadcasts')
        return {
          _id: DRAFT,
          title: 'Payday promo',
          status: 'scheduled',
          channelId: CHANNEL,
          channelName: 'Toko Sari',
          templateId: TEMPLATE,
          templateName: 'payday_promo',
          templateContent: template.content,
          headerMedia: null,
          selfAssign: true,
          createdBy: null,
          scheduledAt: null,
          startedAt: null,
          finishedAt: null,
          createdAt: '2026-01-01T00:00:00Z',
          totalCount: 2,
          invalidCount: 1,
          estimatedCost: 1221,
          pauseReason: null,
          counts: {
            total: 2,
            byStatus: { ...Object.fromEntries(RECIPIENT_STATUSES.map((st) => [st, 0])), queue: 2 },
            replied: 0,
          },
        };
      throw new Error(`unexpected POST ${path}`);
    });
    await fillStepOne();
    expect(screen.getByTestId('required-columns').textContent).toBe('phoneparam1param2');
    // Check Now with nothing pasted is stopped in the browser.
    fireEvent.click(screen.getByTestId('check-now'));
    expect(await screen.findByText('Paste the recipient data')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    const text = 'phone,param1,param2\n081234567890,Sari,Kak Sari\n0812,x,y';
    fireEvent.change(screen.getByTestId('recipient-paste'), { target: { value: text } });
    fireEvent.click(screen.getByTestId('check-now'));
    await screen.findByTestId('start-broadcast');
    expect(post).toHaveBeenCalledWith('broadcasts/recipients/check', {
      body: {
        templateId: TEMPLATE,
        title: 'Payday promo',
        draftId: undefined,
        source: { type: 'text', text },
      },
      timeout: 120_000,
    });
    // The preview is the template filled with the first recipient's values.
    expect(screen.getByTestId('template-bubble').textContent).toContain(
      'Halo Sari, promo gajian untuk Kak Sari!',
    );
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    expect(screen.getByTestId('download-invalid')).toBeTruthy();

    fireEvent.click(screen.getByTestId('self-assign'));
    fireEvent.click(screen.getByTestId('start-broadcast'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/broadcast/result/${DRAFT}`),
    );
    expect(post).toHaveBeenLastCalledWith('broadcasts', {
      body: {
        title: 'Payday promo',
        channelId: CHANNEL,
        templateId: TEMPLATE,
        draftId: DRAFT,
        headerMedia: null,
        scheduledAt: null,
        selfAssign: true,
      },
    });
  });

  it("says 'Insufficient Balance' and will not start when the balance is short", async () => {
    post.mockResolvedValue(
      checkResult({
        cost: {
          pricePerMessage: 610.5,
          estimatedCost: 61_050,
          balance: 60_000,
          minimumBalance: 50_000,
          sufficient: false,
        },
      }),
    );
    await fillStepOne();
    fireEvent.change(screen.getByTestId('recipient-paste'), {
      target: { value: 'phone,param1,param2\n081234567890,a,b' },
    });
    fireEvent.click(screen.getByTestId('check-now'));
    expect((await screen.findByTestId('insufficient-balance')).textContent).toContain(
      'Insufficient Balance',
    );
    expect((screen.getByTestId('start-broadcast') as HTMLButtonElement).disabled).toBe(true);
  });

  it("schedules on the account's clock, names its zone and shows the countdown", async () => {
    post.mockResolvedValue(checkResult());
    await fillStepOne();
    fireEvent.change(screen.getByTestId('recipient-paste'), {
      target: { value: 'phone,param1,param2\n081234567890,a,b' },
    });
    fireEvent.click(screen.getByTestId('check-now'));
    await screen.findByTestId('start-broadcast');
    fireEvent.click(screen.getByText('Schedule'));
    const picker = await screen.findByTestId('scheduled-at');
    // An hour from now on the account's wall clock, whatever zone runs the test.
    expect(picker.getAttribute('data-value')).toBe(toWallTime(Date.now() + 60 * 60_000));
    expect(screen.getByText("In the account's time zone: WIB (Asia/Jakarta)")).toBeTruthy();
    expect(picker.textContent).not.toMatch(/AM|PM/);
    expect((await screen.findByTestId('countdown')).textContent).toMatch(
      /^Starts in (59 minutes|1 hour 0 minutes)$/,
    );

    // Two days later, the same time: picked on the calendar in the account's days.
    fireEvent.click(picker);
    const target = toWallTime(Date.now() + (2 * 24 + 1) * 60 * 60_000);
    const [year, month, day] = target.slice(0, 10).split('-').map(Number);
    const label = `${day} ${monthNames('en', 'long')[month! - 1]} ${year}`;
    // The dropdown is still fading in (hidden to queries); near a month's end the day is a page on.
    await screen.findByRole('dialog', { hidden: true });
    const dayButton = () => screen.queryAllByRole('button', { name: label, hidden: true })[0];
    if (!dayButton()) fireEvent.click(document.querySelector('[data-direction="next"]')!);
    fireEvent.click(dayButton()!);
    await waitFor(() => expect(picker.getAttribute('data-value')).toBe(target));
    expect((await screen.findByTestId('countdown')).textContent).toMatch(
      /^Starts in 2 days (0 hours 59 minutes|1 hour 0 minutes)$/,
    );
  });
});
