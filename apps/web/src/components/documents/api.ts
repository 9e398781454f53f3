// Issue 45 "Listing documents": the web app's calls — the agent's (a listing's documents, the upload, the
// requests) and the public ones (the booking page's list, the buyer's manage page).
import type {
  AgentDocument,
  BuyerDocument,
  DocumentDownloadView,
  DocumentPatch,
  DocumentRequestView,
  DocumentRule,
  PublicDocument,
} from '@keyturn/domain/listing/documents';
import { api, apiBase, ApiError, request } from '@/lib/api';
import { getSessionToken } from '@/lib/session-token';

export const documentsKey = (propertyId: number) => ['listing-documents', propertyId] as const;
export const documentRequestsKey = ['document-requests'] as const;

const base = (propertyId: number) => `/properties/${propertyId}/documents`;

export const listDocuments = (propertyId: number) =>
  api.get<{ data: AgentDocument[] }>(base(propertyId)).then((r) => r.data);

export const patchDocument = (propertyId: number, id: string, patch: DocumentPatch) =>
  request<{ data: AgentDocument }>('PATCH', `${base(propertyId)}/${encodeURIComponent(id)}`, patch).then(
    (r) => r.data.data,
  );

export const deleteDocument = (propertyId: number, id: string) =>
  api.delete(`${base(propertyId)}/${encodeURIComponent(id)}`);

export const documentDownloads = (propertyId: number, id: string) =>
  api
    .get<{ data: DocumentDownloadView[] }>(`${base(propertyId)}/${encodeURIComponent(id)}/downloads`)
    .then((r) => r.data);

export const listRequests = () =>
  api.get<{ data: DocumentRequestView[] }>('/document-requests').then((r) => r.data);

export const decideRequest = (id: string, decision: 'approve' | 'decline') =>
  api.post(`/document-requests/${encodeURIComponent(id)}/${decision}`);

export const publicDocuments = (propertyId: string | number) =>
  api
    .get<{ data: PublicDocument[] }>(
      `/booking/properties/${encodeURIComponent(String(propertyId))}/documents`,
    )
    .then((r) => r.data);

export const buyerDocuments = (token: string) =>
  api
    .get<{ data: BuyerDocument[] }>(`/booking/manage/${encodeURIComponent(token)}/documents`)
    .then((r) => r.data);

export const requestDocument = (token: string, id: string) =>
  api
    .post<{ data: BuyerDocument }>(
      `/booking/manage/${encodeURIComponent(token)}/documents/${encodeURIComponent(id)}/request`,
    )
    .then((r) => r.data);

/** Up to 20 MB: a longer wait than a JSON call's before giving up. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** Sends the file with its name and rule as multipart/form-data; refusals thrown as ApiError. */
export async function uploadDocument(
  propertyId: number,
  input: { name: string; rule: DocumentRule; file: Blob },
): Promise<AgentDocument> {
  const body = new FormData();
  body.append('name', input.name);
  body.append('rule', input.rule);
  body.append('file', input.file);
  const headers = new Headers({ Accept: 'application/json' });
  const token = getSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${base(propertyId)}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'The upload did not reach the server. Please try again.');
  }
  const payload = (await response.json().catch(() => ({}))) as {
    data?: AgentDocument;
    error?: string;
    code?: string;
    fields?: Record<string, string>;
  };
  if (!response.ok || !payload.data) {
    throw new ApiError(
      response.status,
      payload.code ?? `HTTP_${response.status}`,
      payload.error ?? 'The document could not be uploaded.',
      payload.fields ?? {},
    );
  }
  return payload.data;
}
