// The two calendar providers' REST APIs on their documented shapes, over fetch (decision 015: the official
// SDKs are large and Google's cannot be pointed at another base URL without a fork of its discovery
// documents). Base URLs come from configuration; every call carries the bearer access token, retries once
// with a refreshed token after a 401, and maps failures to GrantRevokedError / ProviderUnavailableError.
import { wallClockInZone } from '@keyturn/domain/time';
import type { OAuthProvider } from '@keyturn/domain/schemas/integrations';
import { GrantRevokedError, ProviderUnavailableError } from '../../adapters/oauth';

export type RemoteCalendar = { externalId: string; name: string; primary: boolean; writable: boolean };
export type BusySpan = { start: Date; end: Date };
/** The events Keyturn itself pushed into one calendar (never busy time: the booking already blocks it). */
export type OwnEvent = { eventId: string; start: Date; end: Date };
export type OwnEvents = Map<string, OwnEvent[]>;
export type ShowingEvent = {
  title: string;
  location: string;
  description: string;
  start: Date;
  end: Date;
  timeZone: string;
};

export interface CalendarApi {
  accountEmail(): Promise<string | null>;
  calendars(): Promise<RemoteCalendar[]>;
  /** Busy time of the calendars over [from, to), without the events Keyturn pushed itself (`own`, by calendar). */
  busy(calendarIds: string[], from: Date, to: Date, own?: OwnEvents): Promise<BusySpan[]>;
  /** Creates the event (idempotently: `key` is the provider's own de-duplication id) and answers its id. */
  insertEvent(calendarId: string, event: ShowingEvent, key: string): Promise<string>;
  /** False when the event no longer exists (the agent deleted it): the caller inserts a new one. */
  patchEvent(calendarId: string, eventId: string, event: ShowingEvent): Promise<boolean>;
  deleteEvent(calendarId: string, eventId: string): Promise<void>;
}

/** The access token now, and a fresh one after the provider said 401. */
export type TokenSource = { current: () => Promise<string>; refreshed: () => Promise<string> };

type Call = { method: string; url: string; body?: unknown; headers?: Record<string, string> };

function client(tokens: TokenSource) {
  const send = async (call: Call, token: string) => {
    try {
      return await fetch(call.url, {
        method: call.method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...call.headers,
        },
        body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
    } catch (err) {
      throw new ProviderUnavailableError(
        `The calendar provider could not be reached (${(err as Error).message})`,
      );
    }
  };
  /** Sends `call`; a 401 is retried once with a refreshed token, a second 401 means the grant is gone. */
  return async (call: Call, okStatuses: number[] = []): Promise<Response> => {
    let res = await send(call, await tokens.current());
    if (res.status === 401) res = await send(call, await tokens.refreshed());
    if (res.status === 401)
      throw new GrantRevokedError('The calendar provider refused the access token (401)');
    if (res.ok || okStatuses.includes(res.status)) return res;
    if (res.status >= 500 || res.status === 429) {
      throw new ProviderUnavailableError(`The calendar provider answered ${res.status}`);
    }
    throw new Error(`The calendar provider refused ${call.method} (${res.status})`);
  };
}

async function json<T>(res: Response): Promise<T> {
  try {
    return (await res.json()) as T;
  } catch {
    throw new ProviderUnavailableError('The calendar provider answered something that is not JSON');
  }
}

const enc = encodeURIComponent;

/** A Google event id chosen by us (base32hex, 5–1024 chars): a repeated insert answers 409, not a twin. */
export function googleEventId(key: string): string {
  return `kt${key.replace(/[^a-v0-9]/g, '')}`;
}

export function googleCalendar(apiUrl: string, tokens: TokenSource): CalendarApi {
  const call = client(tokens);
  const eventBody = (e: ShowingEvent) => ({
    summary: e.title,
    location: e.location,
    description: e.description,
    start: { dateTime: e.start.toISOString(), timeZone: e.timeZone },
    end: { dateTime: e.end.toISOString(), timeZone: e.timeZone },
  });
  const api: CalendarApi = {
    accountEmail: async () => (await api.calendars()).find((c) => c.primary)?.externalId ?? null,
    calendars: async () => {
      const out: RemoteCalendar[] = [];
      let pageToken: string | undefined;
      do {
        const url = new URL(`${apiUrl}/users/me/calendarList`);
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const page = await json<{
          items?: {
            id: string;
            summary?: string;
            summaryOverride?: string;
            primary?: boolean;
            accessRole?: string;
          }[];
          nextPageToken?: string;
        }>(await call({ method: 'GET', url: url.href }));
        for (const c of page.items ?? []) {
          out.push({
            externalId: c.id,
            name: c.summaryOverride ?? c.summary ?? c.id,
            primary: c.primary === true,
            writable: c.accessRole === 'owner' || c.accessRole === 'writer',
          });
        }
        pageToken = page.nextPageToken;
      } while (pageToken);
      return out;
    },
    busy: async (calendarIds, from, to, own) => {
      if (calendarIds.length === 0) return [];
      const res = await json<{
        calendars?: Record<
          string,
          { busy?: { start: string; end: string }[]; errors?: { reason: string }[] }
        >;
      }>(
        await call({
          method: 'POST',
          url: `${apiUrl}/freeBusy`,
          body: {
            timeMin: from.toISOString(),
            timeMax: to.toISOString(),
            items: calendarIds.map((id) => ({ id })),
          },
        }),
      );
      const spans: BusySpan[] = [];
      for (const [id, cal] of Object.entries(res.calendars ?? {})) {
        if (cal.errors?.length)
          throw new ProviderUnavailableError(`Free/busy of ${id} failed (${cal.errors[0]?.reason})`);
        // freeBusy has no event ids: our own events' exact spans are cut out (decision 015).
        const busy = (cal.busy ?? []).map((b) => ({ start: new Date(b.start), end: new Date(b.end) }));
        spans.push(...subtractSpans(busy, own?.get(id) ?? []));
      }
      return spans;
    },
    insertEvent: async (calendarId, event, key) => {
      const id = googleEventId(key);
      const res = await call(
        {
          method: 'POST',
          url: `${apiUrl}/calendars/${enc(calendarId)}/events`,
          body: { id, ...eventBody(event) },
        },
        [409],
      );
      if (res.status === 409) {
        // Made by an earlier attempt whose answer was lost: bring it up to date instead.
        await call({
          method: 'PATCH',
          url: `${apiUrl}/calendars/${enc(calendarId)}/events/${enc(id)}`,
          body: eventBody(event),
        });
        return id;
      }
      return (await json<{ id: string }>(res)).id;
    },
    patchEvent: async (calendarId, eventId, event) => {
      const res = await call(
        {
          method: 'PATCH',
          url: `${apiUrl}/calendars/${enc(calendarId)}/events/${enc(eventId)}`,
          body: eventBody(event),
        },
        [404, 410],
      );
      return res.ok;
    },
    deleteEvent: async (calendarId, eventId) => {
      await call(
        { method: 'DELETE', url: `${apiUrl}/calendars/${enc(calendarId)}/events/${enc(eventId)}` },
        [404, 410],
      );
    },
  };
  return api;
}

export function microsoftCalendar(graphUrl: string, tokens: TokenSource): CalendarApi {
  const call = client(tokens);
  // Graph takes a wall-clock dateTime in the named zone (IANA names are accepted).
  const at = (instant: Date, timeZone: string) => {
    const { date, time } = wallClockInZone(instant, timeZone);
    return { dateTime: `${date}T${time}:00`, timeZone };
  };
  const eventBody = (e: ShowingEvent) => ({
    subject: e.title,
    body: { contentType: 'text', content: e.description },
    location: { displayName: e.location },
    start: at(e.start, e.timeZone),
    end: at(e.end, e.timeZone),
  });
  return {
    accountEmail: async () => {
      const me = await json<{ mail?: string | null; userPrincipalName?: string }>(
        await call({ method: 'GET', url: `${graphUrl}/me?$select=mail,userPrincipalName` }),
      );
      return me.mail ?? me.userPrincipalName ?? null;
    },
    calendars: async () => {
      const out: RemoteCalendar[] = [];
      let next: string | undefined = `${graphUrl}/me/calendars?$select=id,name,isDefaultCalendar,canEdit`;
      while (next) {
        const page: {
          value?: { id: string; name?: string; isDefaultCalendar?: boolean; canEdit?: boolean }[];
          '@odata.nextLink'?: string;
        } = await json(await call({ method: 'GET', url: next }));
        for (const c of page.value ?? []) {
          out.push({
            externalId: c.id,
            name: c.name ?? c.id,
            primary: c.isDefaultCalendar === true,
            writable: c.canEdit !== false,
          });
        }
        next = page['@odata.nextLink'];
      }
      return out;
    },
    busy: async (calendarIds, from, to, own) => {
      const spans: BusySpan[] = [];
      for (const id of calendarIds) {
        const ours = new Set((own?.get(id) ?? []).map((e) => e.eventId));
        const url = new URL(`${graphUrl}/me/calendars/${enc(id)}/calendarView`);
        url.searchParams.set('startDateTime', from.toISOString());
        url.searchParams.set('endDateTime', to.toISOString());
        url.searchParams.set('$select', 'id,start,end,showAs,isCancelled');
        url.searchParams.set('$top', '500');
        let next: string | undefined = url.href;
        while (next) {
          const page: {
            value?: {
              id?: string;
              start: { dateTime: string };
              end: { dateTime: string };
              showAs?: string;
              isCancelled?: boolean;
            }[];
            '@odata.nextLink'?: string;
          } = await json(
            await call({ method: 'GET', url: next, headers: { prefer: 'outlook.timezone="UTC"' } }),
          );
          for (const e of page.value ?? []) {
            if (e.isCancelled || e.showAs === 'free' || e.showAs === 'workingElsewhere') continue;
            // An event we pushed ourselves is the booking, not busy time.
            if (e.id && ours.has(e.id)) continue;
            spans.push({ start: utc(e.start.dateTime), end: utc(e.end.dateTime) });
          }
          next = page['@odata.nextLink'];
        }
      }
      return spans;
    },
    insertEvent: async (calendarId, event, key) => {
      // transactionId: Graph's de-duplication key for a POST that is retried.
      const res = await call({
        method: 'POST',
        url: `${graphUrl}/me/calendars/${enc(calendarId)}/events`,
        body: { ...eventBody(event), transactionId: key },
      });
      return (await json<{ id: string }>(res)).id;
    },
    patchEvent: async (_calendarId, eventId, event) => {
      const res = await call(
        { method: 'PATCH', url: `${graphUrl}/me/events/${enc(eventId)}`, body: eventBody(event) },
        [404],
      );
      return res.ok;
    },
    deleteEvent: async (_calendarId, eventId) => {
      await call({ method: 'DELETE', url: `${graphUrl}/me/events/${enc(eventId)}` }, [404]);
    },
  };
}

/**
 * `busy` minus the exact [start, end) of `cut`: what remains of each busy span outside every cut span. Busy
 * time the agent has next to or around one of our events (freeBusy merges them) survives.
 */
export function subtractSpans(busy: BusySpan[], cut: BusySpan[]): BusySpan[] {
  let rest = busy;
  for (const c of cut) {
    rest = rest.flatMap((b) => {
      if (c.end <= b.start || c.start >= b.end) return [b];
      const parts: BusySpan[] = [];
      if (c.start > b.start) parts.push({ start: b.start, end: c.start });
      if (c.end < b.end) parts.push({ start: c.end, end: b.end });
      return parts;
    });
  }
  return rest;
}

/** Graph answers UTC wall times without a suffix under Prefer: outlook.timezone="UTC". */
function utc(dateTime: string): Date {
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(dateTime) ? dateTime : `${dateTime}Z`);
}

export function calendarApiFor(provider: OAuthProvider, apiUrl: string, tokens: TokenSource): CalendarApi {
  return provider === 'google' ? googleCalendar(apiUrl, tokens) : microsoftCalendar(apiUrl, tokens);
}
