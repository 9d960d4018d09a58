import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** PNG bytes of raw scanlines (each: a filter byte, then RGB triples). */
function encodeRaw(width: number, height: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real PNG (8-bit RGB) from a pixel function. The business's story and profile pictures must
 * be images Sapa can fetch, sniff and store like Meta's, and the sandbox has no image files.
 */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb) {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = y * row + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  return encodeRaw(width, height, raw);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/**
 * A 9:16 story picture: Instagram's warm gradient with soft circles, different per seed. Drawn
 * row by row into the scanlines (a per-pixel callback takes too long at this size).
 */
export function storyPicture(seed: number, width = 540, height = 960): Buffer {
  const stops: Rgb[] = [
    [254, 218, 117],
    [214, 41, 118],
    [79, 91, 213],
  ];
  const circles = [0, 1, 2].map((i) => ({
    cx: (((seed * 97 + i * 131) % 100) / 100) * width,
    cy: (0.2 + (((seed * 53 + i * 71) % 60) / 100) * (1 + i * 0.1)) * height,
    r: (0.12 + i * 0.06) * width,
  }));
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const t = y / height;
    const [r, g, b] =
      t < 0.5 ? mix(stops[0]!, stops[1]!, t * 2) : mix(stops[1]!, stops[2]!, (t - 0.5) * 2);
    const start = y * stride + 1;
    for (let x = 0; x < width; x++) {
      raw[start + x * 3] = r;
      raw[start + x * 3 + 1] = g;
      raw[start + x * 3 + 2] = b;
    }
    // Lighten the span of each circle on this row.
    for (const c of circles) {
      const dy = y - c.cy;
      if (Math.abs(dy) >= c.r) continue;
      const half = Math.sqrt(c.r * c.r - dy * dy);
      const from = Math.max(0, Math.ceil(c.cx - half));
      const to = Math.min(width - 1, Math.floor(c.cx + half));
      for (let x = from; x <= to; x++) {
        for (let k = 0; k < 3; k++) {
          const at = start + x * 3 + k;
          raw[at] = Math.round(raw[at]! + (255 - raw[at]!) * 0.18);
        }
      }
    }
  }
  return encodeRaw(width, height, raw);
}

/** A square profile picture: a flat colour picked from the id, with a lighter disc. */
export function avatarPicture(id: string, size = 96): Buffer {
  const palette: Rgb[] = [
    [0, 132, 255],
    [214, 41, 118],
    [16, 163, 127],
    [245, 124, 0],
    [123, 97, 255],
  ];
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const base = palette[hash % palette.length] ?? palette[0]!;
  return encodePng(size, size, (x, y) => {
    const dx = x / size - 0.5;
    const dy = y / size - 0.42;
    const head = dx * dx + dy * dy < 0.035;
    const body = y > size * 0.66 && Math.abs(dx) < 0.32 - (y / size - 0.66) * -0.4;
    return head || body ? mix(base, [255, 255, 255], 0.7) : base;
  });
}
