import { createInflateRaw } from 'node:zlib';
import { SHEET_LIMITS } from '@sapa/contracts';
import { overLimit, unreadable } from './refusals.js';

/** One file of a zip, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** The size the directory declares; the inflated bytes are counted anyway. */
  size: number;
  localOffset: number;
}

/** What may still be inflated, shared by every part read from one file. */
export interface UnpackBudget {
  left: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
const INFLATE_CHUNK = 64 * 1024;

/**
 * The zip's entries by lower-cased name (OPC part names ignore case), read from the central
 * directory at the end of the file: the upload is already in memory, so only the parts a
 * sheet needs are ever inflated, in the order we choose, and the entry count is checked before
 * any entry is read.
 */
export function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  const end = findEnd(bytes);
  let count = bytes.readUInt16LE(end + 10);
  let dirSize = bytes.readUInt32LE(end + 12);
  let dirOffset = bytes.readUInt32LE(end + 16);
  if (count === MAX16 || dirSize === MAX32 || dirOffset === MAX32) {
    const locator = end - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR) throw unreadable();
    const at = safeNumber(bytes.readBigUInt64LE(locator + 8));
    if (at + 56 > bytes.length || bytes.readUInt32LE(at) !== ZIP64_EOCD) throw unreadable();
    count = safeNumber(bytes.readBigUInt64LE(at + 32));
    dirSize = safeNumber(bytes.readBigUInt64LE(at + 40));
    dirOffset = safeNumber(bytes.readBigUInt64LE(at + 48));
  }
  if (count > SHEET_LIMITS.zipEntries) throw overLimit('sheetTooManyParts');
  if (dirOffset + dirSize > bytes.length) throw unreadable();

  const entries = new Map<string, ZipEntry>();
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength > bytes.length) throw unreadable();
    // Bit 0: encrypted, which no spreadsheet upload needs.
    if (flags & 1) throw unreadable();
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, nameEnd),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    };
    zip64Sizes(entry, bytes.subarray(nameEnd, nameEnd + extraLength));
    entries.set(entry.name.replace(/^\//, '').toLowerCase(), entry);
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/**
 * The entry's bytes as they inflate, in chunks. Every byte counts against the budget and the
 * inflation stops at the first chunk past it, so a bomb costs at most the budget, whatever its
 * header declares.
 */
export async function* inflateEntry(
  bytes: Buffer,
  entry: ZipEntry,
  budget: UnpackBudget,
): AsyncGenerator<Buffer> {
  if (entry.size > budget.left) throw overLimit('sheetUnpackedTooLarge');
  const data = entryData(bytes, entry);
  if (entry.method === STORED) {
    budget.left -= data.length;
    for (let at = 0; at < data.length; at += INFLATE_CHUNK)
      yield data.subarray(at, at + INFLATE_CHUNK);
    return;
  }
  if (entry.method !== DEFLATED) throw unreadable();
  const inflate = createInflateRaw({ chunkSize: INFLATE_CHUNK });
  inflate.end(data);
  let inflated = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      // The directory declares what each part unpacks to. Past that, the file is damaged or
      // lying to get past the budget check above: stop now instead of inflating to the cap.
      if (inflated > entry.size) throw unreadable();
      budget.left -= chunk.length;
      if (budget.left < 0) throw overLimit('sheetUnpackedTooLarge');
      yield chunk;
    }
  } finally {
    inflate.destroy();
  }
  if (inflated !== entry.size) throw unreadable();
}

function findEnd(bytes: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65,535.
  const stop = Math.max(0, bytes.length - 22 - MAX16);
  for (let at = bytes.length - 22; at >= stop; at--) if (bytes.readUInt32LE(at) === EOCD) return at;
  throw unreadable();
}

function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw unreadable();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw unreadable();
  if (entry.method === STORED && entry.compressedSize !== entry.size) throw unreadable();
  return bytes.subarray(start, start + entry.compressedSize);
}

/** Zip64 keeps in an extra field whichever of the three values did not fit in 32 bits. */
function zip64Sizes(entry: ZipEntry, extra: Buffer): void {
  if (entry.size !== MAX32 && entry.compressedSize !== MAX32 && entry.localOffset !== MAX32) return;
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + length || field + 8 > extra.length) throw unreadable();
        const value = safeNumber(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.size === MAX32) entry.size = next();
      if (entry.compressedSize === MAX32) entry.compressedSize = next();
      if (entry.localOffset === MAX32) entry.localOffset = next();
      return;
    }
    at += 4 + length;
  }
  throw unreadable();
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw unreadable();
  return Number(value);
}
