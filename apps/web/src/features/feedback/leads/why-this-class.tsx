// "Why this class" on every lead (issue 46, decision 090): a disclosure — a real button with aria-expanded,
// so Enter and Space open it — listing the rule that decided the class and the behaviour signals it read,
// and the line that income, budget, address and names are never used.
import { useId, useState } from 'react';
import { FAIR_HOUSING_TEXTS } from '@keyturn/domain/insights/fairHousing';
import type { LeadSummary } from '@keyturn/domain/schemas/leadResponses';

export function WhyThisClass({
  why,
  ruleShown = false,
}: {
  why: LeadSummary['class_why'];
  /** The deciding rule is already on screen just above (the lead's dialog): it is not said twice. */
  ruleShown?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className="text-sm">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panel : undefined}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex min-h-11 items-center gap-1 rounded font-medium text-blue-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        {FAIR_HOUSING_TEXTS.whyTitle}
      </button>
      {/* Rendered only while open: a closed disclosure adds nothing to the page's text. */}
      {open ? (
        <div id={panel} className="mt-1 space-y-2 rounded-lg bg-slate-50 p-3 text-slate-700">
          {ruleShown ? null : (
            <p className="text-slate-900">{`${FAIR_HOUSING_TEXTS.decidedBy}: ${why.rule}`}</p>
          )}
          <div>
            <p className="font-medium text-slate-900">{FAIR_HOUSING_TEXTS.signalsUsed}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {why.signals.map((s) => (
                <li key={s.id}>
                  {s.label}: {s.value}
                </li>
              ))}
            </ul>
          </div>
          <p className="text-slate-600">{FAIR_HOUSING_TEXTS.neverUsed}</p>
        </div>
      ) : null}
    </div>
  );
}
