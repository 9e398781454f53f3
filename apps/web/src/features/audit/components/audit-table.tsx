// Issue 46: the audit log's entries — the time on the agent's clock (the zone named above the table), who, from
// which IP, what, and each changed field before → after (a masked secret as "••••", a person's data as changed
// without its value).
import { AUDIT_TEXTS, auditValueText, type AuditActorKind, type AuditEntry } from '@keyturn/domain/audit';
import { clockLabel, dateInZone, timeZoneLabel } from '@keyturn/domain/time';

const C = AUDIT_TEXTS.columns;
/** Changed fields listed as they are; more fold behind a count. */
const CHANGES_SHOWN = 4;

const labelOf = <T extends string>(labels: Record<T, string>, key: string): string =>
  (labels as Record<string, string>)[key] ?? key;

function Who({ entry }: { entry: AuditEntry }) {
  const kind = AUDIT_TEXTS.actors[entry.actor.kind as AuditActorKind] ?? entry.actor.kind;
  return (
    <>
      <span className="font-medium text-slate-900">{kind}</span>
      {entry.actor.label ? (
        <span className="block max-w-56 break-all text-slate-500">{entry.actor.label}</span>
      ) : null}
    </>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return <span className="text-slate-400">—</span>;
  const list = (
    <ul className="space-y-1">
      {fields.map(([field, { before, after }]) => (
        <li key={field} className="break-words">
          <span className="font-mono text-xs text-slate-500">{field}</span>{' '}
          <span>{auditValueText(before)}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> to </span>
          <span>{auditValueText(after)}</span>
        </li>
      ))}
    </ul>
  );
  // A long list (a new row: every column) stays folded until asked for.
  if (fields.length <= CHANGES_SHOWN) return list;
  return (
    <details>
      <summary className="cursor-pointer text-slate-900 underline-offset-2 hover:underline">
        {AUDIT_TEXTS.changesCount(fields.length)}
      </summary>
      <div className="mt-2">{list}</div>
    </details>
  );
}

export function AuditTable({ entries, timeZone }: { entries: readonly AuditEntry[]; timeZone: string }) {
  return (
    <div className="relative max-w-full min-w-0 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <p className="border-b border-slate-200 px-4 py-2 text-xs text-slate-500">
        {AUDIT_TEXTS.zone(timeZoneLabel(timeZone))}
      </p>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              {C.time}
            </th>
            <th scope="col" className="px-4 py-3">
              {C.actor}
            </th>
            <th scope="col" className="px-4 py-3">
              {C.ip}
            </th>
            <th scope="col" className="px-4 py-3">
              {C.action}
            </th>
            <th scope="col" className="px-4 py-3">
              {C.changes}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top text-slate-700">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={entry.at}>
                  {dateInZone(entry.at, timeZone)} {clockLabel(entry.at, timeZone)}
                </time>
              </td>
              <td className="px-4 py-3">
                <Who entry={entry} />
              </td>
              <td className="px-4 py-3 font-mono text-xs">{entry.ip ?? AUDIT_TEXTS.noIp}</td>
              <td className="px-4 py-3">
                <span className="font-medium text-slate-900">
                  {labelOf(AUDIT_TEXTS.actions, entry.action)}
                </span>
                <span className="block text-slate-500">
                  {labelOf(AUDIT_TEXTS.entities, entry.entityType)}
                </span>
                {entry.entityId ? (
                  <span className="block max-w-48 font-mono text-xs break-all text-slate-500">
                    {entry.entityId}
                  </span>
                ) : null}
              </td>
              <td className="min-w-64 px-4 py-3">
                <Changes entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
