import { lazy, Suspense, useState } from 'react';
import { toast } from '@/lib/toast';
import type { Property } from '@keyturn/domain/schemas/property';
import { ErrorAlert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { BuildingIcon, PlusIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useAgentProfile } from '@/lib/agent-profile';
import { useTeam } from '@/lib/team';
import { PropertyFormDialog } from '../components/property-form-dialog';
import { PropertyList } from '../components/property-list';
import { StatusChanges } from '../import/status-changes';
import { ShowingRulesDialog } from '../components/showing-rules-dialog';
import { useAssignProperty, useDeleteProperty, useProperties } from '../hooks/use-properties';

type Editing = { property: Property | null } | null;

/** The agent's properties (spec §2.2 Properties): list, add, edit, delete, each with its booking link. */
// Dashboard-only and rarely opened: loaded when the agent opens a property's access and seller report.
const ListingSideDialog = lazy(() =>
  import('../components/listing-side-dialog').then((m) => ({ default: m.ListingSideDialog })),
);

export function PropertiesPage() {
  const properties = useProperties();
  const agent = useAgentProfile();
  const remove = useDeleteProperty();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const [rulesOf, setRulesOf] = useState<Property | null>(null);
  const [listingSide, setListingSide] = useState<Property | null>(null);
  // Team owners and admins assign team properties (issue 15): the members come with the team.
  const assigns = Boolean(properties.data?.some((p) => p.can_assign));
  const team = useTeam(assigns);
  const assign = useAssignProperty();
  const assignees = (team.data?.members ?? []).flatMap((m) =>
    m.agentId ? [{ agentId: m.agentId, name: m.name }] : [],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Property deleted.');
      setDeleting(null);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The property could not be deleted.');
    }
  };

  const addButton = (
    <Button onClick={() => setEditing({ property: null })}>
      <PlusIcon className="size-4" />
      Add property
    </Button>
  );

  return (
    <>
      <title>Properties · Keyturn</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          title="Properties"
          description="The homes buyers can book viewings of, each with its own link."
        />
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <ButtonLink to="/dashboard/properties/import" variant="secondary">
            Import listings
          </ButtonLink>
          {addButton}
        </div>
      </div>

      <StatusChanges className="mt-6" />

      <div className="mt-8">
        {properties.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading properties" />
          </div>
        ) : properties.isError ? (
          <div className="space-y-3">
            <ErrorAlert>We could not load your properties. {properties.error.message}</ErrorAlert>
            <Button variant="secondary" onClick={() => void properties.refetch()}>
              Try again
            </Button>
          </div>
        ) : properties.data.length === 0 ? (
          <EmptyState icon={<BuildingIcon />} title="No properties yet" action={addButton}>
            Add the homes you show. Each one gets a booking link you can share with buyers.
          </EmptyState>
        ) : (
          <PropertyList
            properties={properties.data}
            username={agent.data?.username ?? null}
            agentId={agent.data?.id ?? null}
            assignees={assignees}
            onEdit={(property) => setEditing({ property })}
            onDelete={setDeleting}
            onRules={setRulesOf}
            onListingSide={setListingSide}
            onAssign={(property, agentId) => {
              const name = assignees.find((a) => a.agentId === agentId)?.name ?? 'the member';
              void assign
                .mutateAsync({ id: property.id, agentId })
                .then(() => toast.success(`${property.address} is now assigned to ${name}.`))
                .catch((error: unknown) =>
                  toast.error(error instanceof Error ? error.message : 'The property could not be assigned.'),
                );
            }}
          />
        )}
      </div>

      <PropertyFormDialog
        open={editing !== null}
        property={editing?.property ?? null}
        onClose={() => setEditing(null)}
      />
      <ShowingRulesDialog property={rulesOf} onClose={() => setRulesOf(null)} />
      {listingSide ? (
        <Suspense fallback={null}>
          <ListingSideDialog
            propertyId={listingSide.id}
            address={listingSide.address}
            onClose={() => setListingSide(null)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this property?"
        confirmLabel="Delete property"
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p className="font-medium text-slate-900">{deleting?.address}</p>
        <p>It disappears from your booking page. Bookings of this property keep their history.</p>
      </ConfirmDialog>
    </>
  );
}
