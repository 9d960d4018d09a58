import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import { TemplatePreview, type PreviewData } from './TemplatePreview';

const data: PreviewData = {
  headerType: 'text',
  headerText: 'Pesanan {{1}}',
  headerExample: '#1042',
  headerExampleUrl: null,
  content: 'Halo *{{1}}*, pesanan {{2}} sudah dikirim.',
  bodyExamples: ['Rina', ''],
  footer: 'Toko Maju',
  buttons: [
    { type: 'chat', label: 'Berhenti', code: 'STOP' },
    { type: 'link', label: '', url: 'https://x.test' },
  ],
  businessName: 'Toko Maju',
};

const renderPreview = (d: PreviewData) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <TemplatePreview data={d} />
      </MantineProvider>
    </I18nextProvider>,
  );

describe('TemplatePreview', () => {
  it('fills examples, keeps missing ones visible, formats bold, shows footer and buttons', () => {
    renderPreview(data);
    expect(screen.getByTestId('preview-header').textContent).toBe('Pesanan #1042');
    const body = screen.getByTestId('preview-body');
    expect(body.textContent).toBe('Halo Rina, pesanan {{2}} sudah dikirim.');
    expect(body.querySelector('strong')?.textContent).toBe('Rina');
    expect(screen.getByTestId('preview-footer').textContent).toBe('Toko Maju');
    const buttons = screen.getAllByTestId('preview-button').map((b) => b.textContent);
    // An unlabeled button shows its kind until it has a label.
    expect(buttons).toEqual(['Berhenti', 'Link button']);
  });

  it('draws a media header instead of text', () => {
    renderPreview({ ...data, headerType: 'document', headerText: null });
    expect(screen.getByTestId('preview-media')).toBeTruthy();
    expect(screen.queryByTestId('preview-header')).toBeNull();
  });
});
