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

/**
 * A real PNG (8-bit RGB) from a pixel function. The business's story and profile pictures must
 * be images Sapa can fetch, sniff and store like Meta's, and the sandbox has no image files.
 */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb) {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = y * row + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
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

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A 9:16 story picture: Instagram's warm gradient with soft circles, different per seed. */
export function storyPicture(seed: number, width = 360, height = 640): Buffer {
  const top: Rgb = [254, 218, 117];
  const middle: Rgb = [214, 41, 118];
  const bottom: Rgb = [79, 91, 213];
  const circles = [0, 1, 2].map((i) => ({
    x: ((seed * 97 + i * 131) % 100) / 100,
    y: 0.2 + (((seed * 53 + i * 71) % 60) / 100) * (1 + i * 0.1),
    r: 0.12 + i * 0.06,
  }));
  return encodePng(width, height, (x, y) => {
    const t = y / height;
    let c = t < 0.5 ? mix(top, middle, t * 2) : mix(middle, bottom, (t - 0.5) * 2);
    for (const circle of circles) {
      const dx = x / width - circle.x;
      const dy = (y - circle.y * height) / width;
      if (dx * dx + dy * dy < circle.r * circle.r) c = mix(c, [255, 255, 255], 0.18);
    }
    return c;
  });
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
