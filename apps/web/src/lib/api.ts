// The one way the web app talks to the API (spec §7): JSON in and out, the session's bearer token, a 60 s
// timeout whose first expiry is retried once after 1 s, and failures thrown as ApiError with the server's
// `{ error, code, fields }` body (architecture guide: one error shape everywhere). A public page's first GETs
// may have been sent by the first-paint preload script already: their answers are taken, not asked again.
import { API_CLIENT, LOCAL_API_PORT } from '@keyturn/domain/constants';
import { takeFirstPaintAnswer, takeInlineAnswer } from './first-paint-data';
import { getSessionToken } from './session-token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no answer arrived (timeout or network failure). */
    readonly status: number,
    /** Machine code from the body's `code`, or TIMEOUT / NETWORK_ERROR / HTTP_<status>. */
    readonly code: string,
    message: string,
    /** Per-field messages from the body's `fields`, keyed by the request's field names. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path).then(dataOf),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body).then(dataOf),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body).then(dataOf),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body).then(dataOf),
};

/**
 * Where the API lives (spec §7): while developing with Vite on localhost or an IP address, the API server
 * on the same host at LOCAL_API_PORT; otherwise `/api` on this origin, because the API server serves the
 * built app itself.
 */
export function apiBase(
  // No window on the server (entry-server.tsx, decision 034): the production address.
  hostname: string = typeof window === 'undefined' ? '' : window.location.hostname,
  dev: boolean = import.meta.env.DEV,
): string {
  if (dev && isLocalHost(hostname)) return `http://${hostname}:${LOCAL_API_PORT}${API_PATH}`;
  return API_PATH;
}

/** The API's path on the app's own origin (the server serves both). */
export const API_PATH = '/api';

/**
 * The answer to `GET path` that a server-rendered page carries in its HTML (decision 034), once; undefined
 * otherwise. A query's initialData: the first render shows what the server rendered.
 */
export function inlineGet<T>(path: string): T | undefined {
  return takeInlineAnswer<T>(`${API_PATH}${path}`);
}

/**
 * Like the `api` helpers, but also hands back the status and headers (sign-in reads `set-auth-token`), and
 * takes extra request headers (the booking submit sends an Idempotency-Key).
 */
export async function request<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  extraHeaders: Readonly<Record<string, string>> = {},
): Promise<ApiResponse<T>> {
  const url = `${apiBase()}${path.startsWith('/') ? path : `/${path}`}`;
  const headers = requestHeaders(body !== undefined);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);

  // A public page's first GETs may already be under way, started by the first-paint preload script.
  const early =
    method === 'GET' && Object.keys(extraHeaders).length === 0
      ? takeFirstPaintAnswer(url, API_CLIENT.timeoutMs)
      : null;
  const { response, text } = (early && (await early)) ?? (await fetchWithTimeoutRetry(url, init));
  const payload = parseJson(text);

  if (!response.ok) {
    if (response.status === 401)
      console.warn(`API ${method} ${path} answered 401 (not signed in or session expired)`);
    throw errorFromBody(response.status, payload);
  }
  return { data: payload as T, status: response.status, headers: response.headers };
}

/** What POST /api/uploads stores an image for: an agent logo, a profile picture or a property photo. */
export type UploadKind = 'logo' | 'picture' | 'property';

/** Answer of POST /api/uploads (201): where the image now lives, and its size in pixels. */
export interface UploadResult {
  success: boolean;
  /** Root-relative on the API's origin, e.g. /uploads/<hash>.png; show it through mediaUrl(). */
  url: string;
  width: number;
  height: number;
}

/**
 * Sends one image as multipart/form-data (field `file`) to POST /api/uploads?kind=…, under the same bearer,
 * timeout and timeout-retry rules as the JSON calls. Refusals (400 UPLOAD_NOT_IMAGE, 413 UPLOAD_TOO_LARGE,
 * 400 UPLOAD_DIMENSIONS) are thrown as ApiError with the server's message.
 */
export async function upload(kind: UploadKind, file: Blob): Promise<UploadResult> {
  const url = `${apiBase()}/uploads?kind=${encodeURIComponent(kind)}`;
  const body = new FormData();
  body.append('file', file);
  // No Content-Type: the browser writes the multipart boundary itself.
  const { response, text } = await fetchWithTimeoutRetry(url, {
    method: 'POST',
    headers: requestHeaders(false),
    body,
  });
  const payload = parseJson(text);
  if (!response.ok) {
    if (response.status === 401)
      console.warn('API POST /uploads answered 401 (not signed in or session expired)');
    throw errorFromBody(response.status, payload);
  }
  return payload as UploadResult;
}

/**
 * GETs a file rather than JSON (e.g. a sent message's stored .eml) under the same bearer, timeout and
 * timeout-retry rules, and hands back its bytes. A plain <a href> cannot do this: it would carry no bearer
 * token. Refusals are thrown as ApiError with the server's message.
 */
export async function fetchFile(path: string): Promise<Blob> {
  const url = `${apiBase()}${path.startsWith('/') ? path : `/${path}`}`;
  const headers = requestHeaders(false);
  headers.set('Accept', '*/*');
  const { response, body } = await fetchAndRead(url, { method: 'GET', headers }, (r) => r.blob());
  if (!response.ok) {
    if (response.status === 401)
      console.warn(`API GET ${path} answered 401 (not signed in or session expired)`);
    throw errorFromBody(response.status, parseJson(await body.text()));
  }
  return body;
}

/**
 * Where the browser finds a stored image: uploaded files are root-relative paths on the API's origin, which
 * is another port while developing with Vite; absolute URLs pass through unchanged.
 */
export function mediaUrl(url: string): string;
export function mediaUrl(url: string | null | undefined): string | null;
export function mediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  return `${apiBase().replace(/\/api$/, '')}${url}`;
}

function dataOf<T>(response: ApiResponse<T>): T {
  return response.data;
}

function requestHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const token = getSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * One attempt is the whole exchange, body included, under API_CLIENT.timeoutMs. An attempt that times out
 * is tried once more after API_CLIENT.timeoutRetryDelayMs (spec §7, §8); other failures are not retried
 * here (queries have their own retry policy).
 */
async function fetchWithTimeoutRetry(
  url: string,
  init: RequestInit,
): Promise<{ response: Response; text: string }> {
  const { response, body } = await fetchAndRead(url, init, (r) => r.text());
  return { response, text: body };
}

/** fetchWithTimeoutRetry with the body read by `read` (text for JSON, a Blob for files). */
async function fetchAndRead<B>(
  url: string,
  init: RequestInit,
  read: (response: Response) => Promise<B>,
): Promise<{ response: Response; body: B }> {
  for (let attempt = 0; ; attempt += 1) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), API_CLIENT.timeoutMs);
    try {
      const response = await fetch(url, { ...init, signal: controller.signal });
      const body = await read(response);
      return { response, body };
    } catch {
      if (!controller.signal.aborted) {
        throw new ApiError(
          0,
          'NETWORK_ERROR',
          'Could not reach the server. Check your connection and try again.',
        );
      }
      if (attempt >= 1) {
        throw new ApiError(0, 'TIMEOUT', 'The server took too long to answer. Please try again.');
      }
    } finally {
      clearTimeout(timer);
    }
    await sleep(API_CLIENT.timeoutRetryDelayMs);
  }
}

function errorFromBody(status: number, payload: unknown): ApiError {
  const body = isRecord(payload) ? payload : {};
  const message =
    stringOr(body.error) ??
    stringOr(body.message) ??
    `The request failed (HTTP ${status}). Please try again.`;
  const code = stringOr(body.code) ?? `HTTP_${status}`;
  const fields: Record<string, string> = {};
  if (isRecord(body.fields)) {
    for (const [name, value] of Object.entries(body.fields)) {
      if (typeof value === 'string') fields[name] = value;
    }
  }
  return new ApiError(status, code, message, fields);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page or a plain-text answer: the status still tells what happened.
    return undefined;
  }
}

function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || // IPv4
    hostname.startsWith('[') // IPv6 literal, e.g. [::1]
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
