import { describe, expect, it } from 'vitest';
import { LOCAL_API_PORT } from '@keyturn/domain/constants';
import { json, stubApi } from '@/test/utils';
import { ApiError, mediaUrl, upload } from './api';
import { setSessionToken } from './session-token';

describe('upload (POST /api/uploads)', () => {
  it('sends the file as multipart/form-data field "file" with the bearer token and the kind', async () => {
    setSessionToken('tok-9');
    const api = stubApi({
      'POST /uploads': () => json(201, { success: true, url: '/uploads/ab12.png', width: 64, height: 32 }),
    });
    const file = new File(['png'], 'logo.png', { type: 'image/png' });

    await expect(upload('logo', file)).resolves.toEqual({
      success: true,
      url: '/uploads/ab12.png',
      width: 64,
      height: 32,
    });

    const [url, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`http://localhost:${LOCAL_API_PORT}/api/uploads?kind=logo`);
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok-9');
    // The browser writes the multipart Content-Type with its boundary; we must not set JSON's.
    expect(headers.has('content-type')).toBe(false);
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBe(file);
  });

  it("throws the server's refusal as ApiError (413 UPLOAD_TOO_LARGE)", async () => {
    stubApi({
      'POST /uploads': () => json(413, { error: 'That image is over 5 MB.', code: 'UPLOAD_TOO_LARGE' }),
    });
    const error = await upload('property', new Blob(['x'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      code: 'UPLOAD_TOO_LARGE',
      message: 'That image is over 5 MB.',
    });
  });
});

describe('mediaUrl', () => {
  it("resolves uploaded files against the API's origin and leaves absolute URLs alone", () => {
    expect(mediaUrl('/uploads/ab12.png')).toBe(`http://localhost:${LOCAL_API_PORT}/uploads/ab12.png`);
    expect(mediaUrl('https://img.example/a.jpg')).toBe('https://img.example/a.jpg');
    expect(mediaUrl('//cdn.example/a.jpg')).toBe('//cdn.example/a.jpg');
    expect(mediaUrl(null)).toBeNull();
    expect(mediaUrl('')).toBeNull();
  });
});
