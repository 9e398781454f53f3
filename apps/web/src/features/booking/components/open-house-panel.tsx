// Issue 44 "Open houses with capacity": a property's open houses on its booking page (loaded by
// open-house-offer.tsx once the property has one to come): each open house's date, and its 30-minute times on the
// open house's clock with the places left, a full one off. Choosing a time opens the registration form below —
// its own chunk again (open-house-register.tsx); the list is asked again after every answer of the server.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OpenHouseView } from '@keyturn/domain/schemas/openHouses';
import { dateInZone, timeZoneName } from '@keyturn/domain/time';
import { Spinner } from '@/components/ui/spinner';
import { useLocale, useT } from '@/lib/i18n';
import { DETAILS, longDate } from '../details-texts';
import { instantLabel } from '../format';
import type { BookedProperty } from '../hooks/use-booked-property';
import { openHousesKey } from '../hooks/use-open-houses';

const OpenHouseRegister = lazy(() =>
  import('./open-house-register').then((m) => ({ default: m.OpenHouseRegister })),
);

/** The time the buyer chose: its open house, its start as the server gave it, and how it is written. */
interface Choice {
  openHouseId: string;
  startsAt: string;
  when: string;
}

export function OpenHousePanel({
  agentId,
  propertyId,
  openHouses,
}: BookedProperty & { openHouses: readonly OpenHouseView[] }) {
  const headingId = useId();
  const t = useT(DETAILS);
  const client = useQueryClient();
  const [chosen, setChosen] = useState<Choice | null>(null);
  // Cancel hands the focus back to the time that opened the form.
  const opener = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (!chosen) opener.current?.focus();
  }, [chosen]);

  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-5">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {t('ohHeading')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('ohIntro')}</p>
      <ul className="mt-4 space-y-5">
        {openHouses.map((openHouse) => (
          <OpenHouseTimes
            key={openHouse.id}
            openHouse={openHouse}
            chosen={chosen?.openHouseId === openHouse.id ? chosen.startsAt : null}
            onChoose={(startsAt, when, button) => {
              opener.current = button;
              setChosen({ openHouseId: openHouse.id, startsAt, when });
            }}
          />
        ))}
      </ul>
      {chosen ? (
        <Suspense fallback={<Spinner size="sm" />}>
          <OpenHouseRegister
            agentId={agentId}
            openHouseId={chosen.openHouseId}
            startsAt={chosen.startsAt}
            when={chosen.when}
            onCancel={() => setChosen(null)}
            onAnswered={() => void client.invalidateQueries({ queryKey: openHousesKey(propertyId) })}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** One open house: its date (and clock's zone), then a button per 30-minute time. */
function OpenHouseTimes({
  openHouse,
  chosen,
  onChoose,
}: {
  openHouse: OpenHouseView;
  /** The chosen time's start when it is one of this open house's. */
  chosen: string | null;
  onChoose: (startsAt: string, when: string, button: HTMLButtonElement) => void;
}) {
  const dayId = useId();
  const t = useT(DETAILS);
  const { intlLocale } = useLocale();
  const zone = openHouse.time_zone;
  const day = longDate(dateInZone(openHouse.starts_at, zone), intlLocale);
  const zoneName = timeZoneName(zone, new Date(openHouse.starts_at));
  return (
    <li>
      <h4 id={dayId} className="text-sm font-semibold text-slate-900">
        {day} · {zoneName}
      </h4>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {openHouse.groups.map((group) => {
          const time = instantLabel(group.starts_at, zone);
          const full = group.left <= 0;
          const pressed = chosen === group.starts_at;
          return (
            <li key={group.starts_at}>
              <button
                type="button"
                disabled={full}
                aria-pressed={pressed}
                aria-describedby={dayId}
                onClick={(event) =>
                  onChoose(
                    group.starts_at,
                    `${day}, ${time} ${timeZoneName(zone, new Date(group.starts_at))}`,
                    event.currentTarget,
                  )
                }
                className={`flex min-h-11 w-full flex-col items-center justify-center rounded-lg border px-2 py-1.5 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-500 ${
                  pressed
                    ? 'border-[var(--kt-primary)] bg-[var(--kt-primary)] text-[var(--kt-on-primary)]'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400'
                }`}
              >
                <span className="font-semibold tabular-nums">{time}</span>{' '}
                <span className="text-xs">{full ? t('ohFull') : t('ohLeft', { n: group.left })}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
