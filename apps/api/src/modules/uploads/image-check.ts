// What makes bytes an image we keep (uploads, and photos imported from the MLS — issue 34): the type read from
// the bytes (not a name or a claim), a whole container, and a dimension limit. The size limit is the caller's.
import { imageSize } from 'image-size';
import { AppError } from '../../http/errors';
import { isCompleteImage } from './image-structure';
import { IMAGE_CONTENT_TYPES } from './storage';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = 6000;
const MIN_SIDE = 16;

export const notImage = () =>
  new AppError(400, 'UPLOAD_NOT_IMAGE', "That file isn't a PNG, JPEG, WebP or GIF image.", {
    file: "That file isn't a PNG, JPEG, WebP or GIF image.",
  });

/** The image's extension and size, or a 400 saying what is wrong with it. */
export function checkImage(bytes: Buffer): { extension: string; width: number; height: number } {
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    throw notImage();
  }
  const extension = size.type && IMAGE_CONTENT_TYPES[size.type] ? size.type : undefined;
  if (!extension || !size.width || !size.height) throw notImage();
  // The header alone is not an image: the container must be whole (a truncated PNG is refused).
  if (!isCompleteImage(bytes, size.type)) throw notImage();
  if (size.width > MAX_SIDE || size.height > MAX_SIDE || size.width < MIN_SIDE || size.height < MIN_SIDE) {
    const message = `Images must be between ${MIN_SIDE} and ${MAX_SIDE} pixels on each side.`;
    throw new AppError(400, 'UPLOAD_DIMENSIONS', message, { file: message });
  }
  return { extension, width: size.width, height: size.height };
}
