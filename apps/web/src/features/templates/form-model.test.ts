import { afterEach, describe, expect, it } from 'vitest';
import { TEMPLATE_RULES } from '@sapa/contracts';
import { setLanguage } from '../../lib/i18n';
import { initialValues, syncExamples, toBody, validateTemplate } from './form-model';
import { templateMessage } from './messages';

const CHANNEL = '7d0f5b8e-2c1a-4a57-9f43-3b8f4d7c9a11';
const base = () => ({
  ...initialValues(null, CHANNEL),
  name: 'order_update',
  content: 'Halo {{1}}, pesanan siap.',
  bodyExamples: ['Rina'],
});

afterEach(() => setLanguage('en'));

describe('template form model', () => {
  it('turns toggles into nulls and keeps typed text out of switched-off parts', () => {
    const body = toBody({
      ...base(),
      headerOn: false,
      headerText: 'kept',
      footerOn: false,
      footer: 'x',
    });
    expect(body).toMatchObject({ headerType: null, headerText: null, footer: null });
    const on = toBody({
      ...base(),
      headerOn: true,
      headerType: 'image',
      exampleMode: 'link',
      headerExampleUrl: ' https://a.test/x.png ',
      headerExampleMediaId: 'b3b0c6f4-1d2e-4f5a-8b9c-0d1e2f3a4b5c',
    });
    expect(on).toMatchObject({
      headerType: 'image',
      headerText: null,
      headerExampleUrl: 'https://a.test/x.png',
      headerExampleMediaId: null,
    });
    // An uploaded file is the example; a link typed before switching is left out.
    const uploaded = toBody({
      ...base(),
      headerOn: true,
      headerType: 'document',
      exampleMode: 'upload',
      headerExampleUrl: 'https://a.test/x.pdf',
      headerExampleMediaId: 'b3b0c6f4-1d2e-4f5a-8b9c-0d1e2f3a4b5c',
    });
    expect(uploaded).toMatchObject({
      headerExampleUrl: null,
      headerExampleMediaId: 'b3b0c6f4-1d2e-4f5a-8b9c-0d1e2f3a4b5c',
    });
    expect(validateTemplate({ ...base(), headerOn: true, headerType: 'image' })).toMatchObject({
      headerExampleUrl: expect.any(String),
    });
  });

  it('validates with the shared contract, under the form’s own field names', () => {
    expect(validateTemplate(base())).toEqual({});
    const errors = validateTemplate({
      ...base(),
      name: 'Order Update',
      bodyExamples: [''],
      footerOn: true,
      footer: '',
      buttons: [{ type: 'link', label: 'Go', code: '', url: 'http://x.test', phone: '' }],
    });
    expect(errors).toEqual({
      name: TEMPLATE_RULES.nameFormat,
      'bodyExamples.0': 'The example {{1}} field is required',
      footer: 'The footer field is required',
      'buttons.0.url': TEMPLATE_RULES.httpsOnly,
    });
  });

  it('speaks Indonesian too', () => {
    setLanguage('id');
    const errors = validateTemplate({
      ...base(),
      name: '',
      bodyExamples: [''],
      headerOn: true,
      headerText: '',
    });
    expect(errors.name).toBe('Kolom nama wajib diisi');
    expect(errors['bodyExamples.0']).toBe('Kolom contoh {{1}} wajib diisi');
    expect(errors.headerText).toBe('Kolom teks kepala pesan wajib diisi');
    expect(templateMessage(TEMPLATE_RULES.paramsSequence)).toBe(
      'Parameter harus bernomor {{1}}, {{2}} … tanpa lompatan',
    );
    expect(templateMessage('Oops, something went wrong')).not.toBe('Oops, something went wrong');
  });

  it('keeps one example per parameter, keeping what was typed', () => {
    expect(syncExamples(['a', 'b'], 3)).toEqual(['a', 'b', '']);
    expect(syncExamples(['a', 'b'], 1)).toEqual(['a']);
  });
});
