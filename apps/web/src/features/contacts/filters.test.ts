import { describe, expect, it } from 'vitest';
import { contactListQuerySchema } from '@sapa/contracts';
import { contactPayload } from './api';
import {
  contactQuery,
  EMPTY_CONTACT_FILTERS,
  filterQuery,
  filtersFromParams,
  filtersToParams,
  formatPhone,
  initials,
} from './filters';
import { IMPORT_MAX_BYTES, importFileProblem, sampleColumns } from './importFile';

const LABEL = '0b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a01';
const GROUP = '1b9f4a1e-6d1c-4a55-9f5e-2f2d1c3b4a02';

describe('contact filters', () => {
  it('sends only the set filters, with paging, and the server schema accepts them', () => {
    expect(contactQuery(EMPTY_CONTACT_FILTERS)).toEqual({ perpage: 50 });
    const query = contactQuery(
      {
        searchText: '  budi ',
        channel: 'whatsapp',
        label: LABEL,
        groupId: GROUP,
        archived: true,
      },
      'key-2',
    );
    expect(query).toEqual({
      searchText: 'budi',
      channel: 'whatsapp',
      label: LABEL,
      groupId: GROUP,
      archived: true,
      perpage: 50,
      startKey: 'key-2',
    });
    expect(contactListQuerySchema.safeParse(query).success).toBe(true);
  });

  it('export sends the filters without paging', () => {
    expect(filterQuery({ ...EMPTY_CONTACT_FILTERS, label: LABEL })).toEqual({ label: LABEL });
  });

  it('round-trips through the URL and drops values the server would refuse', () => {
    const filters = {
      searchText: 'ani',
      channel: 'instagram' as const,
      label: LABEL,
      groupId: GROUP,
      archived: true,
    };
    const params = new URLSearchParams(filtersToParams(filters));
    expect(filtersFromParams(params)).toEqual(filters);
    expect(
      filtersFromParams(new URLSearchParams('channel=fax&label=abc&group=1&archived=yes')),
    ).toEqual(EMPTY_CONTACT_FILTERS);
  });
});

describe('formatPhone', () => {
  it('shows a canonical Indonesian mobile number with +62 and groups', () => {
    expect(formatPhone('81234567890')).toBe('+62 812-3456-7890');
    expect(formatPhone('8123456789')).toBe('+62 812-3456-789');
  });
  it('leaves other numbers as digits with a plus, and nothing as empty', () => {
    expect(formatPhone('14155550123')).toBe('+14155550123');
    expect(formatPhone(null)).toBe('');
  });
});

it('initials take the first and last word', () => {
  expect(initials('Budi Santoso Putra')).toBe('BP');
  expect(initials('ani')).toBe('AN');
  expect(initials('Budi Impor 75192')).toBe('BI');
});

describe('contactPayload', () => {
  const body = {
    name: ' Budi ',
    phone: '',
    email: '',
    notes: 'VIP',
    attributes: { tier: ' gold ', city: '' },
    labels: [LABEL],
  };
  it('a create leaves out empty phone, email and attributes', () => {
    expect(contactPayload(body, false)).toEqual({
      name: 'Budi',
      notes: 'VIP',
      attributes: { tier: 'gold' },
      labels: [LABEL],
    });
  });
  it('an edit clears empty phone and email with null and sends cleared attributes', () => {
    expect(contactPayload({ ...body, phone: '0812 3456 7890' }, true)).toEqual({
      name: 'Budi',
      phone: '0812 3456 7890',
      email: null,
      notes: 'VIP',
      attributes: { tier: 'gold', city: '' },
      labels: [LABEL],
    });
  });
});

describe('importFileProblem', () => {
  it('accepts CSV and XLSX up to 10 MB', () => {
    expect(importFileProblem({ name: 'a.CSV', size: 10 })).toBeNull();
    expect(importFileProblem({ name: 'b.xlsx', size: IMPORT_MAX_BYTES })).toBeNull();
  });
  it('refuses other types and larger files', () => {
    expect(importFileProblem({ name: 'c.xls', size: 10 })).toBe('wrongType');
    expect(importFileProblem({ name: 'd.csv', size: IMPORT_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});

it('sample columns: known fields first, attributes after, empty ones hidden', () => {
  expect(
    sampleColumns([
      { tier: 'gold', phone: '812', name: 'A', email: '', notes: '', labels: '' },
      { tier: '', phone: '813', name: 'B', email: 'b@x.id', notes: '', labels: '', city: '' },
    ]),
  ).toEqual(['name', 'phone', 'email', 'tier']);
});
