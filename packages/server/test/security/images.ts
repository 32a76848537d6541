import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** A real, decodable w×h PNG. */
export function pngImage(w = 4, h = 3): Buffer {
  const png = new PNG({ width: w, height: h });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** A real, decodable w×h JPEG. */
export function jpegImage(w = 4, h = 3): Buffer {
  return jpeg.encode({ data: Buffer.alloc(w * h * 4, 120), width: w, height: h }, 80).data;
}
