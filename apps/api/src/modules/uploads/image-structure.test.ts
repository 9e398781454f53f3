// Uploads must be whole images (issue 11: a truncated 30-byte PNG header was accepted as an image).
import { describe, expect, it } from 'vitest';
import { imageSize } from 'image-size';
import { isCompleteImage } from './image-structure';

// Real 20×20 images: the PNG built by hand, the JPEG and WebP drawn by Chromium's canvas, a 1×1 GIF.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAIAAAAC64paAAAAGElEQVR4nGNgGAWjYBSMglEwCkbBKBgFAA1sAAE7iGbvAAAAAElFTkSuQmCC',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA' +
    'AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA' +
    'ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA' +
    'AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
    'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA' +
    'AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYF' +
    'BAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMK' +
    'ChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAUABQDASIAAhEB' +
    'AxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQG' +
    '/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AhwF7CgAAAAAP/9k=',
  'base64',
);
const WEBP = Buffer.from(
  'UklGRigCAABXRUJQVlA4WAoAAAAgAAAAEwAAEwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA' +
    'AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA' +
    'ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA' +
    'AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
    'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA' +
    'AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggOgAAAPAC' +
    'AJ0BKhQAFAA+bTSWR6QjIiEoCACADYllAAA9qfQAAP7vdtf52rY+z7//82B/5B/8g+6oPM2AAAA=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const samples = { png: PNG, jpg: JPEG, webp: WEBP, gif: GIF } as const;

describe('isCompleteImage', () => {
  it.each(Object.entries(samples))('a whole %s is an image', (type, bytes) => {
    expect(imageSize(bytes).type).toBe(type);
    expect(isCompleteImage(bytes, type)).toBe(true);
  });

  it.each(Object.entries(samples))('a %s cut anywhere is not', (type, bytes) => {
    for (const length of [30, Math.floor(bytes.length / 2), bytes.length - 1]) {
      if (length >= bytes.length) continue;
      expect(isCompleteImage(bytes.subarray(0, length), type), `${type} cut at ${length}`).toBe(false);
    }
  });

  it('a PNG with bytes after IEND, or whose chunk lengths run past the end, is not', () => {
    expect(isCompleteImage(Buffer.concat([PNG, Buffer.from('<script>')]), 'png')).toBe(false);
    const stretched = Buffer.from(PNG);
    stretched.writeUInt32BE(4096, 33); // the IDAT length
    expect(isCompleteImage(stretched, 'png')).toBe(false);
  });

  it('the 30-byte PNG header of the probe still reads as 20×20 to image-size, but is refused', () => {
    const header = PNG.subarray(0, 30);
    expect(imageSize(header)).toMatchObject({ type: 'png', width: 20, height: 20 });
    expect(isCompleteImage(header, 'png')).toBe(false);
  });
});
