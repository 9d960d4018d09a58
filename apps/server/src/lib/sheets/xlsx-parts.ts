import { SHEET_LIMITS } from '@sapa/contracts';
import { overLimit } from './refusals.js';
import type { XmlAttributes, XmlHandlers } from './xml.js';

/** Reads one part's XML with the given handlers (the caller knows the zip and the budget). */
export type PartReader = (path: string, handlers: XmlHandlers) => Promise<boolean>;

export interface Relationship {
  type: string;
  target: string;
}

/** A relationships part (`_rels/*.rels`): Id → type and the target's path inside the zip. */
export async function readRels(
  read: PartReader,
  source: string,
): Promise<Map<string, Relationship>> {
  const slash = source.lastIndexOf('/');
  const dir = source.slice(0, slash + 1);
  const rels = new Map<string, Relationship>();
  await read(`${dir}_rels/${source.slice(slash + 1)}.rels`, {
    open(name, a) {
      if (name !== 'Relationship' || !a.Id || !a.Target || a.TargetMode === 'External') return;
      // The file has at most SHEET_LIMITS.zipEntries parts to point at.
      if (rels.size >= SHEET_LIMITS.zipEntries) return;
      rels.set(a.Id, { type: a.Type ?? '', target: resolve(dir, a.Target) });
    },
    close() {},
  });
  return rels;
}

/** Targets are relative to the source part's folder, or absolute from the zip's root. */
export function resolve(dir: string, target: string): string {
  const parts = (target.startsWith('/') ? target : dir + target).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

export const relOfType = (rels: Map<string, Relationship>, type: string) =>
  [...rels.values()].find((r) => r.type.endsWith(`/${type}`));

/** The workbook's first sheet (its relationship id) and its date system. */
export async function readWorkbook(
  read: PartReader,
  path: string,
): Promise<{ firstSheet: string | null; date1904: boolean }> {
  let firstSheet: string | null = null;
  let date1904 = false;
  const found = await read(path, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name === 'sheet' && firstSheet === null) firstSheet = prefixedId(a);
    },
    close() {},
  });
  return { firstSheet: found ? firstSheet : null, date1904 };
}

/** `r:id`, whatever prefix the file gave the relationships namespace. */
function prefixedId(a: XmlAttributes): string | null {
  for (const [key, value] of Object.entries(a)) if (key.endsWith(':id')) return value;
  return null;
}

// Excel's built-in number formats that show a date or a time (ECMA-376 §18.8.30).
const BUILTIN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);
// Excel allows about 64,000 cell formats; styles past that are read as not dates.
const MAX_STYLES = 65_536;

/** A custom format shows a date when, outside [colour]/[$-locale] and "quoted text", it has d m y h s. */
export function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Which cell styles (the `s` of a cell) show dates: a number in such a cell is a date. */
export async function readDateStyles(read: PartReader, path: string): Promise<boolean[]> {
  const custom = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  await read(path, {
    open(name, a) {
      if (name === 'numFmt' && custom.size < MAX_STYLES)
        custom.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs && formatIds.length < MAX_STYLES)
        formatIds.push(Number(a.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formatIds.map((id) => {
    const code = custom.get(id);
    return code === undefined ? BUILTIN_DATES.has(id) : isDateFormat(code);
  });
}

/**
 * The shared strings, each the text of its `<t>` runs (phonetic `<rPh>` runs left out). Each is
 * bounded like a cell, their number like the cells and their text like the sheet's text: the
 * table is held while the sheet is read, so it must not be the way around the limits.
 */
export async function readSharedStrings(read: PartReader, path: string): Promise<string[]> {
  const strings: string[] = [];
  let chars = 0;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await read(path, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && current !== null && phonetic === 0) inText = true;
    },
    text(value) {
      if (!inText || current === null) return;
      current += value;
      if (current.length > SHEET_LIMITS.cellChars) throw overLimit('sheetCellTooLong');
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && current !== null) {
        if (strings.length >= SHEET_LIMITS.cells) throw overLimit('sheetTooManyCells');
        chars += current.length;
        if (chars > SHEET_LIMITS.textChars) throw overLimit('sheetTooMuchText');
        strings.push(current);
        current = null;
      }
    },
  });
  return strings;
}
