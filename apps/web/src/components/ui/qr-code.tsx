import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn as SVG from the `qrcode` package's module matrix (no generated markup is injected), so a
 * buyer can scan the agent's booking link from a printed flyer or a screen.
 */
export function QrCode({ value, label, size = 160 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => qrPath(value), [value]);
  const quiet = 4;
  const viewBox = modules + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-quiet} ${-quiet} ${viewBox} ${viewBox}`}
      shapeRendering="crispEdges"
      className="rounded-lg bg-white"
    >
      <rect x={-quiet} y={-quiet} width={viewBox} height={viewBox} fill="#ffffff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}

/** One `M x y h1 v1 h-1 z` square per dark module. */
export function qrPath(value: string): { path: string; modules: number } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) parts.push(`M${x} ${y}h1v1h-1z`);
    }
  }
  return { path: parts.join(''), modules: modules.size };
}

/** The QR code as a standalone SVG file (for print shops and design tools): dark modules on white. */
export function qrSvgFile(value: string, size = 1024): string {
  const { path, modules } = qrPath(value);
  const quiet = 4;
  const box = modules + quiet * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-quiet} ${-quiet} ${box} ${box}" shape-rendering="crispEdges"><rect x="${-quiet}" y="${-quiet}" width="${box}" height="${box}" fill="#ffffff"/><path d="${path}" fill="#0f172a"/></svg>`;
}

/** The QR code as a PNG data URL, drawn by the `qrcode` package on a canvas (a browser with canvas only). */
export function qrPngDataUrl(value: string, size = 1024): Promise<string> {
  return QRCode.toDataURL(value, { errorCorrectionLevel: 'M', width: size, margin: 4 });
}

/** A page holding only the QR code and the link under it, for printing (a flyer or a yard sign). */
export function qrPrintPage(value: string): string {
  const text = value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Booking link QR code</title><style>body{margin:0;display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:100vh;font-family:system-ui,sans-serif}svg{width:9cm;height:9cm}p{font-size:14pt;word-break:break-all;text-align:center;max-width:16cm}</style></head><body>${qrSvgFile(value)}<p>${text}</p></body></html>`;
}

/**
 * Prints the QR code and the link alone: the page goes into a hidden frame, which is printed and then
 * removed, so the dashboard around the dialog is not on the sheet.
 */
export function printQr(value: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.title = 'QR code to print';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (doc && win) {
    doc.open();
    doc.write(qrPrintPage(value));
    doc.close();
    win.addEventListener('afterprint', () => frame.remove());
    win.focus();
    win.print();
  }
  return frame;
}
