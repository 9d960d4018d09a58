import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type ContactImportPreview } from '@sapa/contracts';
import type * as HttpModule from '../../lib/http';
import { api, HttpError } from '../../lib/http';
import { setLanguage } from '../../lib/i18n';
import { renderScreen } from '../shared/test-utils';
import { ImportWizard } from './ImportWizard';
import { IMPORT_MAX_BYTES } from './importFile';

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
const GROUP = '1b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a02';

const preview: ContactImportPreview = {
  importId: 'imp-1',
  filename: 'customers.csv',
  columns: ['Nama', 'No HP', 'Label'],
  totalRows: 3,
  validRows: 2,
  mergeRows: 1,
  // The server's shape: the contact's fields with the canonical phone, whatever the headers were.
  sample: [
    { phone: '81234567890', name: 'Budi', email: '', notes: '', labels: 'VIP' },
    { phone: '81311112222', name: 'Ani', email: '', notes: '', labels: '' },
  ],
  rejected: [
    { row: 4, reason: 'The phone number is not valid', values: { name: 'X', phone: '12' } },
  ],
};

function choose(file: File) {
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
}

const csv = () => new File(['name,phone\nBudi,0812'], 'customers.csv', { type: 'text/csv' });

describe('ImportWizard', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await setLanguage('en');
    get.mockReset();
    post.mockReset();
    get.mockImplementation(async (path: string) => {
      if (path === 'contacts/groups') {
        return {
          data: [
            {
              _id: GROUP,
              name: 'VIP',
              description: '',
              channel: null,
              memberCount: 0,
              createdAt: '2025-01-01T00:00:00.000Z',
            },
          ],
        };
      }
      throw new Error(`unexpected GET ${path}`);
    });
  });

  it('uploads the file, shows counts and reasons, then commits and shows the result', async () => {
    let finishPreview: (value: unknown) => void = () => undefined;
    post.mockImplementation((path: string) => {
      if (path === 'contacts/import/preview') {
        return new Promise((resolve) => {
          finishPreview = resolve;
        });
      }
      if (path === 'contacts/import/commit') {
        return Promise.resolve({ created: 1, merged: 1, rejected: 1 });
      }
      throw new Error(`unexpected POST ${path}`);
    });
    renderScreen(<ImportWizard opened onClose={() => undefined} />);
    choose(csv());

    // While the server reads the file, a progress bar shows and nothing else can be done.
    expect(await screen.findByTestId('import-progress')).toBeTruthy();
    const [, uploadOptions] = post.mock.calls[0] ?? [];
    const form = uploadOptions?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('file')).toBeInstanceOf(File);
    finishPreview(preview);

    const step = await screen.findByTestId('import-preview');
    expect(within(step).getByTestId('import-total-value').textContent).toBe('3');
    expect(within(step).getByTestId('import-valid-value').textContent).toBe('2');
    expect(within(step).getByTestId('import-merge-value').textContent).toBe('1');
    expect(within(step).getByTestId('import-rejected-value').textContent).toBe('1');
    const rejected = within(step).getByTestId('import-rejected-row');
    expect(rejected.textContent).toContain('4');
    expect(rejected.textContent).toContain('The phone number is not valid');
    const sample = within(step).getByTestId('import-sample');
    expect([...sample.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Name',
      'Phone',
      'Labels',
    ]);
    expect(sample.querySelector('tbody tr')?.textContent).toBe('Budi+62 812-3456-7890VIP');

    fireEvent.click(screen.getByTestId('import-confirm'));
    const result = await screen.findByTestId('import-result');
    expect(within(result).getByTestId('import-created-value').textContent).toBe('1');
    expect(within(result).getByTestId('import-merged-value').textContent).toBe('1');
    expect(within(result).getByTestId('import-skipped-value').textContent).toBe('1');
    expect(post).toHaveBeenLastCalledWith('contacts/import/commit', {
      body: { importId: 'imp-1' },
      timeout: 120_000,
    });
  });

  it('shows the server message when the file cannot be read, and stays on the file step', async () => {
    post.mockRejectedValue(new HttpError({ status: 400, message: MESSAGES.importFileUnreadable }));
    renderScreen(<ImportWizard opened onClose={() => undefined} />);
    choose(csv());
    expect((await screen.findByTestId('import-error')).textContent).toBe(
      MESSAGES.importFileUnreadable,
    );
    expect(screen.getByTestId('import-dropzone')).toBeTruthy();
  });

  it('refuses a file over 10 MB or of another type without uploading it', async () => {
    renderScreen(<ImportWizard opened onClose={() => undefined} />);
    const big = csv();
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    choose(big);
    expect((await screen.findByTestId('import-error')).textContent).toBe(
      'The file is larger than 10 MB.',
    );
    choose(new File(['x'], 'notes.pdf'));
    await waitFor(() =>
      expect(screen.getByTestId('import-error').textContent).toBe('Choose a CSV or XLSX file.'),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('an expired import returns to the preview with the server message', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === 'contacts/import/preview') return preview;
      throw new HttpError({ status: 410, message: MESSAGES.importExpired });
    });
    renderScreen(<ImportWizard opened onClose={() => undefined} />);
    choose(csv());
    fireEvent.click(await screen.findByTestId('import-confirm'));
    expect((await screen.findByTestId('import-error')).textContent).toBe(MESSAGES.importExpired);
    expect(screen.getByTestId('import-preview')).toBeTruthy();
  });

  it('commits into the chosen group', async () => {
    post.mockImplementation(async (path: string) =>
      path === 'contacts/import/preview' ? preview : { created: 2, merged: 0, rejected: 1 },
    );
    renderScreen(<ImportWizard opened onClose={() => undefined} />);
    choose(csv());
    await screen.findByTestId('import-preview');
    fireEvent.click(screen.getByTestId('import-group'));
    fireEvent.click(await screen.findByRole('option', { name: 'VIP', hidden: true }));
    fireEvent.click(screen.getByTestId('import-confirm'));
    await screen.findByTestId('import-result');
    expect(post).toHaveBeenLastCalledWith('contacts/import/commit', {
      body: { importId: 'imp-1', groupId: GROUP },
      timeout: 120_000,
    });
  });

  it('speaks Indonesian', async () => {
    await setLanguage('id');
    post.mockResolvedValue(preview);
    renderScreen(<ImportWizard opened onClose={() => undefined} />);
    choose(csv());
    expect((await screen.findByTestId('import-confirm')).textContent).toBe('Impor 2 kontak');
  });
});
