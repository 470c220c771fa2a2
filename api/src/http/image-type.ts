// An uploaded image's type, read from its first bytes, never from its name or the browser's claimed type: one reading
// for the deposit receipts (wallet/receipts.ts), staff's content images and identity photos (kyc/images.ts).

/** The image types an upload may be, with the extension a stored file gets. */
export const IMAGE_EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' } as const;
export type ImageType = keyof typeof IMAGE_EXTENSIONS;

function typeOf(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/** The type `buf`'s first bytes say when it is one of `accepted`; null for anything else (SVG, PDF, a renamed file). */
export function sniffImageType<T extends ImageType>(buf: Buffer, accepted: readonly T[]): T | null {
  const type = typeOf(buf);
  return type !== null && (accepted as readonly ImageType[]).includes(type) ? (type as T) : null;
}
