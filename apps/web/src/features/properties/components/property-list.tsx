// The agent's properties: cards on a phone, table-like rows from the lg breakpoint. Each carries its own
// booking link (absolute, to copy and share) and the edit and delete actions. In a team (issue 15) the
// team's properties are listed too, with their assigned member: owners and admins reassign them here;
// a member reads the ones assigned to others.
import { roomsLabel } from '@keyturn/domain/plural';
import { propertyBookingPath } from '@keyturn/domain/links';
import type { AgentProperty, Property } from '@keyturn/domain/schemas/property';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { formatMoney } from '@/components/ui/format';
import { SafeImage } from '@/components/ui/safe-image';
import { SelectField } from '@/components/ui/text-field';
import { SellersButton } from './sellers-button';
import { DocumentsButton } from '@/components/documents/documents-button';

/** A listed property; the team fields are absent outside the dashboard list's answer. */
export type ListedProperty = Property &
  Partial<Pick<AgentProperty, 'team_id' | 'agent_name' | 'can_edit' | 'can_assign'>>;

/** Who a team property can be assigned to: the team's members with an agent profile. */
export type Assignee = { agentId: string; name: string };

// The details column holds the team's "Assigned to" picker (issue 29: in the actions column it pushed the
// actions over the details at 1280 px); the actions column fits Copy link, Edit, Rules and Delete on one line.
const columns = 'lg:grid-cols-[5rem_minmax(0,1fr)_11rem_22rem]';

export function PropertyList({
  properties,
  username,
  agentId = null,
  assignees = [],
  onEdit,
  onDelete,
  onListingSide,
  onAssign,
  onRules,
}: {
  properties: readonly ListedProperty[];
  /** The agent's username, for the booking links; null while the profile loads. */
  username: string | null;
  /** The caller's agent id: a team property assigned to someone else has that member's link, not ours. */
  agentId?: string | null;
  assignees?: readonly Assignee[];
  onEdit: (property: Property) => void;
  onDelete: (property: Property) => void;
  /** Issue 32: the property's access details and seller report links. */
  onListingSide?: (property: Property) => void;
  onAssign?: (property: Property, agentId: string) => void;
  /** Issue 32: opens the property's "Showing rules". */
  onRules?: (property: Property) => void;
}) {
  return (
    <div>
      <div
        aria-hidden="true"
        className={`hidden gap-4 px-4 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase lg:grid ${columns}`}
      >
        <span>Photo</span>
        <span>Address and booking link</span>
        <span>Details</span>
        <span />
      </div>
      <ul aria-label="Properties" className="space-y-3">
        {properties.map((property) => (
          <PropertyRow
            key={property.id}
            property={property}
            username={agentId === null || property.agent_id === agentId ? username : null}
            assignees={assignees}
            onEdit={() => onEdit(property)}
            onDelete={() => onDelete(property)}
            onListingSide={onListingSide ? () => onListingSide(property) : undefined}
            onAssign={onAssign ? (to) => onAssign(property, to) : null}
            onRules={onRules ? () => onRules(property) : null}
          />
        ))}
      </ul>
    </div>
  );
}

function PropertyRow({
  property,
  username,
  assignees,
  onEdit,
  onDelete,
  onListingSide,
  onAssign,
  onRules,
}: {
  property: ListedProperty;
  username: string | null;
  assignees: readonly Assignee[];
  onEdit: () => void;
  onDelete: () => void;
  onListingSide?: () => void;
  onAssign: ((agentId: string) => void) | null;
  onRules: (() => void) | null;
}) {
  const editable = property.can_edit !== false;
  const link = username
    ? `${window.location.origin}${propertyBookingPath(username, property.address, property.public_id)}`
    : null;
  return (
    <li
      aria-label={property.address}
      className={`overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm lg:grid lg:items-center lg:gap-4 lg:p-4 ${columns}`}
    >
      <SafeImage
        src={property.images[0]}
        alt={`Cover photo of ${property.address}`}
        className="aspect-[16/9] w-full bg-slate-100 object-cover lg:aspect-[4/3] lg:rounded-lg"
        fallback={
          <div className="flex aspect-[16/9] w-full items-center justify-center bg-slate-100 text-sm text-slate-400 lg:aspect-[4/3] lg:rounded-lg lg:text-xs">
            No photo
          </div>
        }
      />
      <div className="space-y-3 p-4 lg:contents">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 lg:truncate" title={property.address}>
            {property.address}
          </p>
          <p className="text-sm text-slate-600 lg:truncate">
            {property.city}, {property.state} {property.zip_code} · {property.property_type}
          </p>
          {link ? (
            <p className="mt-1 truncate text-xs text-slate-500" title={link}>
              {link}
            </p>
          ) : null}
          {editable ? <SellersButton property={property} /> : null}
          {editable ? <DocumentsButton property={property} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm lg:block lg:space-y-1">
          <p className="font-semibold text-slate-900 tabular-nums">{formatMoney(property.price)}</p>
          <p className="text-slate-600">{roomsLabel(property)}</p>
          <p>
            <span
              className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
                property.is_public
                  ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
                  : 'bg-slate-100 text-slate-700 ring-slate-200'
              }`}
            >
              {property.is_public ? 'Public' : 'Private'}
            </span>
            {property.team_id ? (
              <span className="ml-2 inline-flex rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-700 ring-1 ring-blue-200 ring-inset">
                Team
              </span>
            ) : null}
          </p>
          {property.team_id && !(property.can_assign && onAssign) ? (
            <p className="text-xs text-slate-600">Assigned to {property.agent_name}</p>
          ) : null}
          {property.can_assign && onAssign ? (
            <SelectField
              label="Assigned to"
              className="w-full sm:max-w-44 lg:max-w-none"
              value={property.agent_id}
              onChange={(e) => onAssign(e.target.value)}
            >
              {assignees.some((a) => a.agentId === property.agent_id) ? null : (
                <option value={property.agent_id}>{property.agent_name}</option>
              )}
              {assignees.map((a) => (
                <option key={a.agentId} value={a.agentId}>
                  {a.name}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2 lg:justify-end">
          {link ? (
            <CopyButton
              text={link}
              label="Copy link"
              accessibleLabel={`Copy booking link for ${property.address}`}
            />
          ) : null}
          {editable ? (
            <>
              <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${property.address}`}>
                Edit
              </Button>
              {onRules ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={onRules}
                  aria-label={`Showing rules of ${property.address}`}
                >
                  Rules
                </Button>
              ) : null}
              {onListingSide ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={onListingSide}
                  aria-label={`Access and seller report of ${property.address}`}
                >
                  Access
                </Button>
              ) : null}
              <Button
                variant="danger-ghost"
                size="sm"
                onClick={onDelete}
                aria-label={`Delete ${property.address}`}
              >
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}
