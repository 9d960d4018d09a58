import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES, MESSAGE_STATUSES, type MessageStatus } from '@sapa/contracts';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../shared/test-utils';
import { StatusTicks, STATUS_MARKS } from './StatusTicks';

const LABELS: Record<Exclude<MessageStatus, 'received'>, string> = {
  queue: 'Waiting to send',
  delayed: 'Delayed',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  undelivered: 'Not delivered',
  expired: 'Expired: not sent in time',
  'no-match-template': 'No matching template',
  cancelled: 'Cancelled',
};

describe('StatusTicks', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it.each(Object.entries(LABELS))('%s has its own accessible mark', (status, label) => {
    renderScreen(<StatusTicks message={{ status: status as MessageStatus, error: null }} />);
    const mark = screen.getByRole('img', { name: label });
    expect(mark.getAttribute('data-status')).toBe(status);
  });

  it('covers every outgoing status of the contract', () => {
    const outgoing = MESSAGE_STATUSES.filter((s) => s !== 'received');
    expect(Object.keys(STATUS_MARKS).sort()).toEqual([...outgoing].sort());
  });

  it('draws read as blue double ticks and delivered as gray ones', () => {
    expect(STATUS_MARKS.read.icon).toBe(STATUS_MARKS.delivered.icon);
    expect(STATUS_MARKS.read.color).not.toBe(STATUS_MARKS.delivered.color);
    expect(STATUS_MARKS.sent.icon).not.toBe(STATUS_MARKS.delivered.icon);
  });

  it('explains a failure on hover, focus or tap, in the agent language', async () => {
    renderScreen(
      <StatusTicks
        message={{ status: 'failed', error: { code: 131047, message: MESSAGES.windowClosedCode } }}
      />,
    );
    const mark = screen.getByRole('img', { name: `Failed: ${MESSAGES.windowClosedCode}` });
    expect(mark.getAttribute('tabindex')).toBe('0');
    fireEvent.focus(mark);
    expect((await screen.findByRole('tooltip')).textContent).toContain(MESSAGES.windowClosedCode);

    await setLanguage('id');
    renderScreen(<StatusTicks message={{ status: 'undelivered', error: null }} />);
    expect(screen.getByRole('img', { name: 'Tidak sampai' })).toBeTruthy();
  });

  it('shows nothing on a received message', () => {
    const { container } = renderScreen(
      <StatusTicks message={{ status: 'received', error: null }} />,
    );
    expect(container.querySelector('[data-testid="message-status"]')).toBeNull();
  });
});
