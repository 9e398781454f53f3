/**
 * How much of a plan limit is used: "2 of 3" with a bar, or "Unlimited" when the plan has no limit (null).
 * The bar turns amber near the limit and red at it.
 */
export function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const share = limit === null || limit === 0 ? 0 : Math.min(1, used / limit);
  const tone = limit !== null && used >= limit ? 'bg-red-500' : share >= 0.8 ? 'bg-amber-500' : 'bg-blue-600';
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="shrink-0 whitespace-nowrap text-slate-600 tabular-nums">
          {limit === null ? (
            <>
              {used} · <span className="font-medium text-slate-800">Unlimited</span>
            </>
          ) : (
            `${used} of ${limit}`
          )}
        </span>
      </div>
      {limit === null ? null : (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${used} of ${limit}`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className={`h-full rounded-full ${tone}`} style={{ width: `${share * 100}%` }} />
        </div>
      )}
    </div>
  );
}
