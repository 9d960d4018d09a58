import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_SEND_MESSAGES as M,
  filledBody,
  filledHeader,
  isHttpsUrl,
  sentTemplateOf,
  templateInputs,
  templateSendIssues,
} from './inbox-templates.js';

const body = { content: 'Hi {{1}}, order {{2}} ships today', headerType: null, headerText: null };

describe('templateSendIssues', () => {
  it('requires every body parameter, trimmed', () => {
    expect(templateSendIssues(body, { params: ['Ana', 'A1'] })).toEqual([]);
    expect(templateSendIssues(body, { params: ['Ana'] })).toEqual([
      { field: 'params', param: 2, code: 'required', message: M.paramRequired(2) },
    ]);
    expect(templateSendIssues(body, { params: ['  ', 'A1'] })[0]?.message).toBe(M.paramRequired(1));
  });

  it('refuses what Meta refuses: new lines, tabs, 5 spaces, too many values, too long', () => {
    expect(templateSendIssues(body, { params: ['a\nb', 'x'] })[0]?.code).toBe('format');
    expect(templateSendIssues(body, { params: ['a\tb', 'x'] })[0]?.code).toBe('format');
    expect(templateSendIssues(body, { params: ['a     b', 'x'] })[0]?.code).toBe('format');
    expect(templateSendIssues(body, { params: ['a    b', 'x'] })).toEqual([]);
    expect(templateSendIssues(body, { params: ['a', 'b', 'c'] })[0]?.message).toBe(M.paramCount(2));
    expect(templateSendIssues(body, { params: ['a'.repeat(1025), 'b'] })[0]?.code).toBe('tooLong');
    expect(templateSendIssues(body, { params: ['a'.repeat(1010), 'b'] })).toEqual([
      { field: 'body', code: 'tooLong', message: M.bodyTooLong },
    ]);
  });

  it('asks for the header parameter and an https media link only when the header needs them', () => {
    const textHeader = { content: 'Hi', headerType: 'text' as const, headerText: 'Sale {{1}}' };
    expect(templateInputs(textHeader)).toEqual({
      bodyParams: [],
      headerParam: true,
      headerMedia: null,
    });
    expect(templateSendIssues(textHeader, { params: [] })[0]?.message).toBe(M.headerParamRequired);
    expect(templateSendIssues(textHeader, { params: [], headerParam: 'x'.repeat(60) })[0]).toEqual({
      field: 'headerParam',
      code: 'tooLong',
      message: M.headerTooLong,
    });
    const fixedHeader = { content: 'Hi', headerType: 'text' as const, headerText: 'Sale' };
    expect(templateSendIssues(fixedHeader, { params: [] })).toEqual([]);

    const doc = { content: 'Invoice', headerType: 'document' as const, headerText: null };
    expect(templateSendIssues(doc, { params: [] })[0]?.message).toBe(M.headerMediaRequired);
    expect(
      templateSendIssues(doc, { params: [], headerMediaUrl: 'http://x.example/a.pdf' })[0]?.message,
    ).toBe(M.headerMediaHttps);
    expect(
      templateSendIssues(doc, { params: [], headerMediaUrl: 'https://x.example/a.pdf' }),
    ).toEqual([]);
  });
});

describe('filling and reading back', () => {
  it('fills body and header with trimmed values', () => {
    expect(filledBody(body, [' Ana ', 'A1'])).toBe('Hi Ana, order A1 ships today');
    expect(filledHeader({ headerType: 'text', headerText: 'Sale {{1}}' }, ' May ')).toBe(
      'Sale May',
    );
    expect(filledHeader({ headerType: 'image', headerText: null }, 'x')).toBeNull();
  });

  it('checks https links and reads a stored template payload', () => {
    expect(isHttpsUrl('https://a.example/x.png')).toBe(true);
    expect(isHttpsUrl('ftp://a.example/x.png')).toBe(false);
    expect(isHttpsUrl('not a url')).toBe(false);
    expect(sentTemplateOf({})).toBeNull();
    expect(sentTemplateOf({ template: { name: 'x' } })).toBeNull();
  });
});
