// The result of this tab's booking submit, kept in session storage so a reload of the confirmation shows it
// again: checked with the domain's schema, which loads with it (restoring until then).
import { useEffect, useState } from 'react';
import type { BuyerBooking } from '@keyturn/domain/schemas/publicBooking';
import { readSession } from '@/lib/session-store';

type BookingSchema = {
  safeParse: (value: unknown) => { success: true; data: BuyerBooking } | { success: false };
};

/** @param loadSchema the domain's buyer-booking schema, loaded on demand (lazy-steps). */
export function useStoredBooking(resultKey: string, loadSchema: () => Promise<BookingSchema>) {
  const [storedResult] = useState<unknown>(() => readSession(resultKey, (value) => value));
  const [booking, setBooking] = useState<BuyerBooking | null>(null);
  const [restoring, setRestoring] = useState(storedResult !== null);
  useEffect(() => {
    if (storedResult === null) return;
    let live = true;
    void loadSchema()
      .then((schema) => {
        const parsed = schema.safeParse(storedResult);
        if (live && parsed.success) setBooking((current) => current ?? parsed.data);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setRestoring(false);
      });
    return () => {
      live = false;
    };
  }, [storedResult, loadSchema]);
  return { booking, setBooking, restoring };
}
