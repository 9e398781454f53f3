// Issue 45: what makes bytes a document we keep — a PDF (the `%PDF-` header and an `%%EOF` marker within its
// last 1 KB), or a whole JPEG or PNG image (the uploads' structure check). The type is read from the bytes,
// never from the file name or the browser's claim; anything else is a 415.
import { imageSize } from 'image-size';
import { DOCUMENT_KINDS, DOCUMENT_TEXTS, type DocumentKind } from '@keyturn/domain/listing/documents';
import { AppError } from '../../http/errors';
import { isCompleteImage } from '../uploads/image-structure';

const T = DOCUMENT_TEXTS.errors;

export const notAllowed = () =>
  new AppError(415, 'DOCUMENT_TYPE_NOT_ALLOWED', T.notAllowed, { file: T.notAllowed });
export const tooLarge = () => new AppError(413, 'DOCUMENT_TOO_LARGE', T.tooLarge, { file: T.tooLarge });

const PDF_HEADER = Buffer.from('%PDF-');
const PDF_END = Buffer.from('%%EOF');

/** The document's kind and content type, or a 400/415 saying what is wrong with the bytes. */
export function checkDocument(bytes: Buffer): { kind: DocumentKind; contentType: string } {
  if (bytes.length === 0) throw new AppError(400, 'DOCUMENT_EMPTY', T.noFile, { file: T.noFile });
  if (bytes.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) {
    const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
    if (tail.indexOf(PDF_END) === -1) {
      throw new AppError(400, 'DOCUMENT_DAMAGED', T.badPdf, { file: T.badPdf });
    }
    return { kind: 'pdf', contentType: DOCUMENT_KINDS.pdf };
  }
  let type: string | undefined;
  let width: number | undefined;
  try {
    const size = imageSize(bytes);
    type = size.type;
    width = size.width;
  } catch {
    throw notAllowed();
  }
  if ((type !== 'png' && type !== 'jpg') || !width || !isCompleteImage(bytes, type)) throw notAllowed();
  return { kind: type, contentType: DOCUMENT_KINDS[type] };
}

/** The download's file name: the display name made safe for a header, with the kind's extension. */
export function downloadFileName(name: string, contentType: string): string {
  const ext = contentType === DOCUMENT_KINDS.pdf ? 'pdf' : contentType === DOCUMENT_KINDS.png ? 'png' : 'jpg';
  const base =
    name
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .trim()
      .slice(0, 100) || 'document';
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}
