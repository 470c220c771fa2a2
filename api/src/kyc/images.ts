// An identity photo as it is stored: recognised by its first bytes (JPEG, PNG, WebP only), decoded and re-encoded by
// sharp (libvips) in the same format, which writes none of the input's metadata: EXIF (GPS position, camera, time),
// XMP, IPTC and comments are gone; the EXIF orientation is applied to the pixels first so the photo stays upright.
// A file that only looks like an image (right first bytes, broken body) fails the decode and is refused.
import sharp from 'sharp';
import { KYC_TYPES } from '@khela/contracts';
import { sniffImageType } from '../http/image-type';

export type KycImageType = (typeof KYC_TYPES)[number];

/** The type a file's first bytes say, or null: never the name or the browser's claimed type. */
export function sniffKycImage(buf: Buffer): KycImageType | null {
  return sniffImageType(buf, KYC_TYPES);
}

export interface CleanImage {
  buffer: Buffer;
  type: KycImageType;
  width: number;
  height: number;
}

const SHARP_FORMAT: Record<KycImageType, 'jpeg' | 'png' | 'webp'> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/** Thrown when the bytes are not a decodable image of the sniffed type. */
export class UnreadableImage extends Error {}

/**
 * Re-encodes the image without metadata, scaled down to `maxSide` on its longest side when larger. Decoding is capped
 * (limitInputPixels: 50 megapixels) so a small file claiming a huge canvas cannot exhaust memory.
 */
export async function cleanImage(input: Buffer, type: KycImageType, maxSide: number): Promise<CleanImage> {
  let pipeline: sharp.Sharp;
  try {
    const meta = await sharp(input, { limitInputPixels: 50_000_000 }).metadata();
    if (meta.format !== SHARP_FORMAT[type]) throw new UnreadableImage(`decoded as ${meta.format}, sniffed ${type}`);
    pipeline = sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    pipeline =
      type === 'image/jpeg'
        ? pipeline.jpeg({ quality: 88, mozjpeg: false })
        : type === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 88 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { buffer: data, type, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof UnreadableImage) throw err;
    throw new UnreadableImage(err instanceof Error ? err.message : String(err));
  }
}
