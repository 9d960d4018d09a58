import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Files on local disk under DATA_DIR/media; an S3-like store can implement the same shape. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  open(key: string): Promise<ReadStream>;
}

export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
  }

  async open(key: string): Promise<ReadStream> {
    const path = this.pathOf(key);
    await stat(path);
    return createReadStream(path);
  }

  private pathOf(key: string): string {
    const clean = normalize(key).replace(/^(\.\.(\/|\\|$))+/, '');
    if (clean.includes('..')) throw new Error('invalid storage key');
    return join(this.root, clean);
  }
}
