// Issue 46: the audit log's filters — the dates (on the agent's clock), who, what kind of record, which action.
import { useState, type FormEvent } from 'react';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  AUDIT_ENTITY_TYPES,
  AUDIT_TEXTS,
  type AuditAction,
  type AuditActorKind,
  type AuditEntityType,
} from '@keyturn/domain/audit';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/text-field';
import type { AuditFilters } from '../api';

const F = AUDIT_TEXTS.filters;

export function AuditFiltersForm({
  initial,
  onApply,
  errors = {},
}: {
  initial: AuditFilters;
  onApply: (filters: AuditFilters) => void;
  /** The server's refusals by query field (from, to). */
  errors?: Readonly<Record<string, string>>;
}) {
  const [filters, setFilters] = useState(initial);
  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filters);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={AUDIT_TEXTS.title}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <TextField
        label={F.from}
        type="date"
        value={filters.from}
        onChange={(e) => set('from', e.target.value)}
        error={errors.from}
      />
      <TextField
        label={F.to}
        type="date"
        value={filters.to}
        onChange={(e) => set('to', e.target.value)}
        error={errors.to}
      />
      <SelectField
        label={F.actor}
        value={filters.actor}
        onChange={(e) => set('actor', e.target.value as AuditActorKind | '')}
      >
        <option value="">{F.any}</option>
        {AUDIT_ACTOR_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {AUDIT_TEXTS.actors[kind]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={F.entityType}
        value={filters.entityType}
        onChange={(e) => set('entityType', e.target.value as AuditEntityType | '')}
      >
        <option value="">{F.any}</option>
        {AUDIT_ENTITY_TYPES.map((type) => (
          <option key={type} value={type}>
            {AUDIT_TEXTS.entities[type]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={F.action}
        value={filters.action}
        onChange={(e) => set('action', e.target.value as AuditAction | '')}
      >
        <option value="">{F.any}</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {AUDIT_TEXTS.actions[action]}
          </option>
        ))}
      </SelectField>
      <div className="flex items-end">
        <Button type="submit" variant="secondary" className="w-full">
          {F.apply}
        </Button>
      </div>
    </form>
  );
}
