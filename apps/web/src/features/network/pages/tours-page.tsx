// Issue 45 "Cross-agent tours": /dashboard/network/tours plans a day of other agents' homes (the planner) above
// "Your tours"; /dashboard/network/tours/:id (the re-plan e-mail's link) shows one tour — each home's answer and
// what the last re-plan did.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@/lib/router';
import { NETWORK_PATHS, NETWORK_TEXTS as T } from '@keyturn/domain/listing/network';
import { NETWORK_TOUR_TEXTS } from '@keyturn/domain/routes/networkTour';
import { ErrorAlert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { fetchTour, fetchTours, networkKeys } from '../api';
import { TourPlanner } from '../components/tour-planner';
import { TourCard } from '../components/tour-view';

const P = NETWORK_TOUR_TEXTS.page;
const linkClass = 'font-medium text-blue-700 underline';

export function ToursPage() {
  const { id } = useParams();
  return (
    <>
      <title>{`${P.heading} · Keyturn`}</title>
      <PageHeader title={P.heading} description={P.intro} />
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={NETWORK_PATHS.find} className={linkClass}>
          {T.findLink}
        </Link>
        <Link to={NETWORK_PATHS.requests} className={linkClass}>
          {T.requestsLink}
        </Link>
        {id ? (
          <Link to={NETWORK_PATHS.tours} className={linkClass}>
            {P.allTours}
          </Link>
        ) : null}
      </p>
      <div className="mt-6 space-y-8">
        {id ? (
          <OneTour id={id} />
        ) : (
          <>
            <TourPlanner />
            <YourTours />
          </>
        )}
      </div>
    </>
  );
}

function OneTour({ id }: { id: string }) {
  const tour = useQuery({ queryKey: networkKeys.tour(id), queryFn: () => fetchTour(id) });
  if (tour.isPending) return <Spinner />;
  if (tour.error) return <ErrorAlert>{tour.error.message || T.loadError}</ErrorAlert>;
  return <TourCard tour={tour.data} />;
}

function YourTours() {
  const tours = useQuery({ queryKey: networkKeys.tours, queryFn: fetchTours });
  return (
    <section aria-labelledby="your-tours-heading" className="space-y-4">
      <h2 id="your-tours-heading" className="text-lg font-semibold text-slate-900">
        {P.listTitle}
      </h2>
      {tours.isPending ? <Spinner /> : null}
      {tours.error ? <ErrorAlert>{tours.error.message || T.loadError}</ErrorAlert> : null}
      {tours.data && tours.data.length === 0 ? <p className="text-sm text-slate-600">{P.empty}</p> : null}
      {tours.data && tours.data.length > 0 ? (
        <ul className="space-y-6">
          {tours.data.map((tour) => (
            <li key={tour.id}>
              <TourCard tour={tour} link />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
