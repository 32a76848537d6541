import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** Asset images: .jpeg/.jpg/.png up to 5 MB, stored under DATA_DIR/uploads/asset, served at /api/{massImage}. */
export const ASSET_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ASSET_IMAGE_TYPES_MESSAGE = 'Only .jpeg, .jpg and .png images are accepted';
export const ASSET_IMAGE_TOO_LARGE_MESSAGE = `The image must be at most ${ASSET_IMAGE_MAX_BYTES / 1024 / 1024} MB`;
export const ASSET_IMAGE_UNREADABLE_MESSAGE = 'The file is not a readable image: choose a complete .jpeg, .jpg or .png';
/** decoding bound: 40 megapixels (a 5 MB JPEG rarely holds more; more would take ~160 MB to decode) */
const MAX_PIXELS = 40_000_000;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/** The image kind from the file's extension and its first bytes; null when it is not a JPEG or PNG. */
export function imageKind(filename: string, head: Buffer): 'png' | 'jpg' | null {
  const ext = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'png' && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if ((ext === 'jpg' || ext === 'jpeg') && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  return null;
}

/**
 * Whether the bytes decode completely as the image kind (a PNG's chunks and CRCs, a JPEG's scan data):
 * a file cut short or only dressed with an image header is refused.
 */
export function decodesAs(kind: 'png' | 'jpg', bytes: Buffer): boolean {
  try {
    if (kind === 'png') {
      const png = PNG.sync.read(bytes);
      return png.width > 0 && png.height > 0;
    }
    const img = jpeg.decode(bytes, {
      useTArray: true,
      maxResolutionInMP: MAX_PIXELS / 1e6,
      maxMemoryUsageInMB: 256,
      tolerantDecoding: false,
    });
    return img.width > 0 && img.height > 0;
  } catch {
    return false;
  }
}

/** Writes the image and answers its massImage path, e.g. uploads/asset/12-9f3c….png. */
export async function saveAssetImage(dataDir: string, massId: number, kind: 'png' | 'jpg', bytes: Buffer) {
  const name = `${massId}-${randomBytes(8).toString('hex')}.${kind}`;
  const dir = join(dataDir, 'uploads', 'asset');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes);
  return `uploads/asset/${name}`;
}

// only names this module writes: no directory parts, no traversal
const STORED = /^uploads\/asset\/[0-9]+-[0-9a-f]+\.(png|jpg)$/;

/** Removes an image this module stored; anything else is left alone. */
export async function removeAssetImage(dataDir: string, massImage: unknown) {
  if (typeof massImage !== 'string' || !STORED.test(massImage)) return;
  await unlink(join(dataDir, massImage)).catch(() => undefined);
}

/** The bytes and type of a stored image, or null when the path is not one of ours or the file is gone. */
export async function readAssetImage(dataDir: string, massImage: string) {
  if (!STORED.test(massImage)) return null;
  try {
    const bytes = await readFile(join(dataDir, massImage));
    return { bytes, contentType: CONTENT_TYPES[massImage.split('.').pop()!] };
  } catch {
    return null;
  }
}
