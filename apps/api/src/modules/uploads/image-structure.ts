// Whether an upload is a whole image, not just an image's header (issue 11: a 30-byte PNG header was
// accepted). image-size reads the dimensions from the first bytes; this walks the container to its end:
//  - PNG: every chunk's length and type, IHDR first, IDAT present, IEND last and nothing after it (CRCs are
//    not checked: decoders differ on them, and hand-made PNGs in the wild get them wrong);
//  - JPEG: SOI, the marker segments up to the scan, then the EOI marker at the end;
//  - WebP: the RIFF size equals the file's, and its chunks fit it;
//  - GIF: the header, then the trailer byte 0x3B at the end.
// The pixels themselves are not decoded: a browser shows what these containers hold or shows nothing.

export function isCompleteImage(bytes: Buffer, type: string | undefined): boolean {
  switch (type) {
    case 'png':
      return isCompletePng(bytes);
    case 'jpg':
      return isCompleteJpeg(bytes);
    case 'webp':
      return isCompleteWebp(bytes);
    case 'gif':
      return isCompleteGif(bytes);
    default:
      return false;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function isCompletePng(bytes: Buffer): boolean {
  if (bytes.length < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let offset = 8;
  let first = true;
  let sawData = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return false;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData && end === bytes.length;
    offset = end;
  }
  return false;
}

function isCompleteJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  // Some cameras pad after EOI; allow a little padding of zero bytes.
  let last = bytes.length;
  while (last > 2 && bytes[last - 1] === 0x00 && bytes.length - last < 16) last--;
  if (bytes[last - 2] !== 0xff || bytes[last - 1] !== 0xd9) return false;
  let offset = 2;
  let sawFrame = false;
  while (offset + 4 <= last) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7)) return false;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > last) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      sawFrame = true;
    }
    // Start of scan: entropy-coded data follows up to the EOI checked above.
    if (marker === 0xda) return sawFrame && offset + 2 + length < last - 2;
    offset += 2 + length;
  }
  return false;
}

function isCompleteWebp(bytes: Buffer): boolean {
  if (bytes.length < 20) return false;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return false;
  if (bytes.readUInt32LE(4) + 8 !== bytes.length) return false;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(offset + 4);
    const next = offset + 8 + size + (size % 2);
    if (next > bytes.length) return false;
    offset = next;
  }
  return offset === bytes.length;
}

function isCompleteGif(bytes: Buffer): boolean {
  const header = bytes.toString('latin1', 0, 6);
  return (
    (header === 'GIF87a' || header === 'GIF89a') && bytes.length > 13 && bytes[bytes.length - 1] === 0x3b
  );
}
