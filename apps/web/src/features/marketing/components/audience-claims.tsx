// The usage figures of spec §1 (showings scheduled, agents, satisfaction) on the landing and about pages. They
// are the specification's pre-launch texts, not counts from this server: once the server is launched they are
// not shown (issue 40, decision 069) rather than stand as figures the server cannot back.
import { useLaunched } from '@/lib/launch';
import { AUDIENCE_CLAIMS } from '../claims';

export function AudienceClaims({ className, valueClassName }: { className: string; valueClassName: string }) {
  if (useLaunched()) return null;
  return (
    <dl className={className}>
      {AUDIENCE_CLAIMS.map((claim) => (
        <div key={claim.label} className="flex flex-col-reverse">
          <dt className="text-sm text-slate-600">{claim.label}</dt>
          <dd className={valueClassName}>{claim.value}</dd>
        </div>
      ))}
    </dl>
  );
}
