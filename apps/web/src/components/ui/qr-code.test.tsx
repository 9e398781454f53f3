import { render, screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QrCode, qrPath } from './qr-code';

describe('QrCode', () => {
  it('draws one square per dark module of the encoded link', () => {
    const url = 'https://keyturn.app/bookme/f87781d4/dana-whitfield';
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    let dark = 0;
    for (let i = 0; i < modules.data.length; i++) if (modules.data[i]) dark++;
    const { path, modules: size } = qrPath(url);
    expect(size).toBe(modules.size);
    expect(path.match(/M/g)).toHaveLength(dark);
  });

  it('is an image with an accessible name, and changes with the link', () => {
    const { rerender } = render(<QrCode value="https://a.example/1" label="QR code for your booking link" />);
    const first = screen.getByRole('img', { name: 'QR code for your booking link' }).innerHTML;
    rerender(<QrCode value="https://a.example/2" label="QR code for your booking link" />);
    expect(screen.getByRole('img', { name: 'QR code for your booking link' }).innerHTML).not.toBe(first);
  });
});
