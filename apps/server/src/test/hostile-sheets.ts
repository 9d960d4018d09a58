import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/**
 * Spreadsheets built byte by byte for the reader's limits: a tiny zip writer (so a part can
 * declare a size it does not have, or a zip can claim more entries than it holds) and XLSX
 * parts made of repeated text deflated as a stream, so a 100 MB part never sits in memory.
 */
export interface Deflated {
  deflated: Buffer;
  size: number;
  crc: number;
}

export interface ZipPart {
  name: string;
  data: Buffer | Deflated;
  /** Overrides the uncompressed size written in the headers (a lying bomb). */
  declaredSize?: number;
}

export function deflated(data: Buffer | string): Deflated {
  const bytes = Buffer.from(data);
  return { deflated: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/** `head` + `unit` × `times` + `tail`, deflated in 1 MB slices. */
export async function deflateRepeated(
  head: string,
  unit: string,
  times: number,
  tail: string,
): Promise<Deflated> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve) => {
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (deflate.write(bytes)) resolve();
      else deflate.once('drain', () => resolve());
    });
  await write(Buffer.from(head));
  const perSlice = Math.max(1, Math.floor((1024 * 1024) / Math.max(1, unit.length)));
  const slice = Buffer.from(unit.repeat(Math.min(perSlice, times)));
  for (let left = times; left > 0; left -= perSlice)
    await write(left >= perSlice ? slice : Buffer.from(unit.repeat(left)));
  await write(Buffer.from(tail));
  deflate.end();
  await done;
  return { deflated: Buffer.concat(out), size, crc };
}

/** A zip of the parts (deflated), optionally claiming another entry count than it holds. */
export function zip(parts: ZipPart[], opts: { declaredCount?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const d = Buffer.isBuffer(part.data) ? deflated(part.data) : part.data;
    const size = part.declaredSize ?? d.size;
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(d.crc >>> 0, 14);
    local.writeUInt32LE(d.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(d.crc >>> 0, 16);
    central.writeUInt32LE(d.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, d.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + d.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = opts.declaredCount ?? parts.length;
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

type PartData = Buffer | string | Deflated;

/** A workbook of the given first sheet (and shared strings), zipped. */
export const xlsx = (sheet: PartData, more: { sharedStrings?: PartData } = {}): Buffer =>
  zip(xlsxParts(sheet, more));

/** The parts every workbook needs around its first sheet (and shared strings, if given). */
export function xlsxParts(sheet: PartData, more: { sharedStrings?: PartData } = {}): ZipPart[] {
  const asData = (d: PartData) => (typeof d === 'string' ? Buffer.from(d) : d);
  const rels = [
    `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`,
    more.sharedStrings
      ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`
      : '',
  ].join('');
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: asData(sheet) },
  ];
  if (more.sharedStrings)
    parts.push({ name: 'xl/sharedStrings.xml', data: asData(more.sharedStrings) });
  return parts;
}

const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** A sheet of the given rows' XML, deflated as a stream. */
export const sheetOf = (rowXml: string, times: number, head = '') =>
  deflateRepeated(SHEET_HEAD + head, rowXml, times, SHEET_TAIL);

/** One hostile file: what it is, and how to build it for an endpoint that takes `rows` rows. */
export interface HostileSheet {
  name: string;
  build(rows: number): Promise<Buffer>;
}

/** 0 → A, 26 → AA. */
function columnName(col: number): string {
  let name = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const inline = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** The shapes of the security review, each past a limit; each builds in about a second. */
const SHAPES = {
  xfdRows: {
    name: 'rows with one cell at column XFD, one past the row limit',
    build: async (rows) => {
      const data = Array.from(
        { length: rows + 1 },
        (_, i) => `<row r="${i + 2}"><c r="XFD${i + 2}"><v>81234567890</v></c></row>`,
      );
      const header = `<row r="1">${inline('XFD1', 'phone')}</row>`;
      return xlsx(deflated(`${SHEET_HEAD}${header}${data.join('')}${SHEET_TAIL}`));
    },
  },
  hugeSharedString: {
    name: 'one 64 MB shared string (under the unpack cap, so the XML bound must stop it)',
    build: async () => {
      const sharedStrings = await deflateRepeated(
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}"><si><t>`,
        'a',
        64 * 1024 * 1024,
        '</t></si></sst>',
      );
      const sheet = `${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_TAIL}`;
      // Declared truthfully: the XML bound must refuse it, not the declared-size check.
      return zip(xlsxParts(sheet, { sharedStrings }));
    },
  },
  zipBomb: {
    name: 'a cell of 200 MB of zeros, declared as such',
    build: async () =>
      xlsx(
        await deflateRepeated(
          `${SHEET_HEAD}<row r="1">${inline('A1', 'phone')}</row><row r="2"><c r="A2"><v>`,
          '0',
          200 * 1024 * 1024,
          `</v></c></row>${SHEET_TAIL}`,
        ),
      ),
  },
  lyingBomb: {
    name: 'a 140 MB sheet declared as 1 KB',
    build: async () => {
      const padded = await sheetOf(
        '<!---->',
        20 * 1024 * 1024,
        `<row r="1">${inline('A1', 'phone')}</row>`,
      );
      return zip(
        xlsxParts(padded).map((p) =>
          p.name === 'xl/worksheets/sheet1.xml' ? { ...p, declaredSize: 1024 } : p,
        ),
      );
    },
  },
  tooManyCells: {
    name: '2,097,152 empty cells',
    build: async () => {
      const row = Array.from({ length: 1024 }, (_, i) => `<c r="${columnName(i)}1"/>`).join('');
      return xlsx(await sheetOf(`<row r="1">${row}</row>`, 2048));
    },
  },
  tooManyRows: {
    name: 'CSV one row past the row limit',
    build: async (rows) => Buffer.from(`phone\n${'81234567890\n'.repeat(rows + 1)}`),
  },
  giantCsvLine: {
    name: 'a 5 MB CSV line',
    build: async () => Buffer.from(`phone,name\n81234567890,${'a'.repeat(5 * 1024 * 1024)}\n`),
  },
  manyCsvColumns: {
    name: '100,000 CSV columns',
    build: async () => Buffer.from(`phone${',x'.repeat(100_000)}\n81234567890\n`),
  },
} satisfies Record<string, HostileSheet>;

export type HostileSheetKey = keyof typeof SHAPES;
export const HOSTILE_SHEETS: Record<HostileSheetKey, HostileSheet> = SHAPES;
