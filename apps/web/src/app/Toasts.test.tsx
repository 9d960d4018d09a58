import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifyError } from '../lib/notify';
import { Toasts } from './Toasts';

describe('Toasts', () => {
  it('mounts no container until the first toast, then shows that toast', async () => {
    render(
      <MantineProvider>
        <Toasts />
      </MantineProvider>,
    );
    // Had it been asked for, the container's code would be in by now (the module is loaded).
    await act(async () => {
      await import('@mantine/notifications');
    });
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => notifyError('Email atau kata sandi salah'));

    expect(await screen.findByText('Email atau kata sandi salah')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
