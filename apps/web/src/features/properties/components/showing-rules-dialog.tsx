// A property's "Showing rules" (issue 32 §1): how it is shown, notice, its own showing hours, times it is not
// shown, a daily cap and a gap. Every rule left empty reads "Same as your settings" and follows the agent's
// settings, so nothing changes for a property whose rules are never opened. The server checks the whole set
// (400 with per-field messages, shown under their fields).
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPROVAL_MODE_LABELS, noticeWords, WEEKDAY_NAMES } from '@keyturn/domain/listing/applyRules';
import {
  APPROVAL_MODES,
  type ShowingRules,
  type ShowingRulesInput,
  type ShowingRulesView,
} from '@keyturn/domain/listing/showingRules';
import type { Property } from '@keyturn/domain/schemas/property';
import { FormDialog } from '@/components/form-dialog';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import { SelectField, TextAreaField, TextField } from '@/components/ui/text-field';
import { ChangeCutoffOptions } from '@/components/change-cutoff-options';
import { CHANGE_CUTOFF_UI, cutoffChoiceLabel } from '@keyturn/domain/changeCutoff';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { fetchShowingRules, saveShowingRules } from '../api';

const SAME = 'Same as your settings';
const FORM_ID = 'showing-rules-form';

type Span = { weekday: string; date: string; start: string; end: string; note: string; once: boolean };
type Draft = {
  approval: string;
  instructions: string;
  minNoticeHours: string;
  suggestedNoticeHours: string;
  noSameDay: boolean;
  maxPerDay: string;
  gapMinutes: string;
  /** Issue 44: '' = the agent's cut-off. */
  changeCutoffHours: string;
  windows: Span[];
  blocks: (Span & { by: 'agent' | 'contact'; contactId?: string })[];
};

export function ShowingRulesDialog({
  property,
  onClose,
}: {
  property: Property | null;
  onClose: () => void;
}) {
  return property ? <ShowingRulesDialogOpen property={property} onClose={onClose} /> : null;
}

function ShowingRulesDialogOpen({ property, onClose }: { property: Property; onClose: () => void }) {
  const key = ['showing-rules', property.id];
  const view = useQuery({ queryKey: key, queryFn: () => fetchShowingRules(property.id) });
  if (!view.data) {
    return (
      <FormDialog
        onClose={onClose}
        title="Showing rules"
        description={property.address}
        formId={FORM_ID}
        onSubmit={async (e) => e.preventDefault()}
        busy={false}
        submitLabel="Save rules"
        busyLabel="Saving…"
      >
        {view.isError ? (
          <ErrorAlert>We could not load the showing rules. {view.error.message}</ErrorAlert>
        ) : (
          <div className="flex justify-center py-8">
            <Spinner label="Loading showing rules" />
          </div>
        )}
      </FormDialog>
    );
  }
  return <RulesForm property={property} view={view.data} onClose={onClose} />;
}

function RulesForm({
  property,
  view,
  onClose,
}: {
  property: Property;
  view: ShowingRulesView;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view.rules));
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (rules: ShowingRulesInput) => saveShowingRules(property.id, rules),
    onSuccess: (saved) => queryClient.setQueryData(['showing-rules', property.id], saved),
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const { defaults } = view;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setFields({});
    try {
      // The rules are saved as a whole set: what this form does not show (when access details are released,
      // set with the access details) goes back as stored, never reset to its default.
      await save.mutateAsync({ ...inputOf(draft), accessReleaseMinutes: view.rules.accessReleaseMinutes });
      toast.success('Showing rules saved.');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setFields(error.fields);
      setFailure(error instanceof Error ? error.message : 'The rules could not be saved.');
    }
  };

  return (
    <FormDialog
      onClose={onClose}
      title="Showing rules"
      description={property.address}
      size="lg"
      formId={FORM_ID}
      onSubmit={onSubmit}
      busy={save.isPending}
      submitLabel="Save rules"
      busyLabel="Saving…"
      failure={failure ? <p>{failure}</p> : null}
    >
      <SelectField
        label="How it is shown"
        value={draft.approval}
        error={fields.approval}
        onChange={(e) => set({ approval: e.target.value })}
      >
        <option value="">{`${SAME} (${APPROVAL_MODE_LABELS[defaults.approval].split(':')[0]})`}</option>
        {APPROVAL_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {APPROVAL_MODE_LABELS[mode]}
          </option>
        ))}
      </SelectField>
      {draft.approval === 'instructions' ? (
        <TextAreaField
          label="Showing instructions for buyers"
          value={draft.instructions}
          error={fields.instructions}
          hint="Shown on the booking page instead of the calendar, with your phone and e-mail."
          onChange={(e) => set({ instructions: e.target.value })}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            [
              'minNoticeHours',
              'minNoticeMinutes',
              'Minimum notice (hours)',
              0,
              `${SAME} (${noticeText(defaults.minNoticeMinutes)})`,
              'Later requests are refused.',
            ],
            [
              'suggestedNoticeHours',
              'suggestedNoticeMinutes',
              'Preferred notice (hours)',
              0,
              'None',
              'Allowed, with a note to the buyer.',
            ],
            ['maxPerDay', 'maxPerDay', 'Showings a day, at most', 1, 'No limit', undefined],
            [
              'gapMinutes',
              'gapMinutes',
              'Minutes between showings',
              0,
              `${SAME} (${defaults.bufferMinutes} min)`,
              undefined,
            ],
          ] as const
        ).map(([name, field, label, min, placeholder, hint]) => (
          <TextField
            key={name}
            label={label}
            type="number"
            inputMode="numeric"
            min={min}
            placeholder={placeholder}
            value={draft[name]}
            error={fields[field]}
            hint={hint}
            onChange={(e) => set({ [name]: e.target.value })}
          />
        ))}
      </div>
      <SelectField
        label={CHANGE_CUTOFF_UI.label}
        value={draft.changeCutoffHours}
        error={fields.changeCutoffHours}
        onChange={(e) => set({ changeCutoffHours: e.target.value })}
      >
        <option value="">{`${SAME} (${cutoffChoiceLabel(defaults.changeCutoffHours)})`}</option>
        <ChangeCutoffOptions current={view.rules.changeCutoffHours} />
      </SelectField>
      <SwitchField
        label="No same-day showings"
        checked={draft.noSameDay}
        onChange={(e) => set({ noSameDay: e.target.checked })}
      />
      <SpanList
        title="Showing hours"
        empty={`${SAME}: your working hours`}
        addLabel="Add showing hours"
        spans={draft.windows}
        errors={fields}
        field="windows"
        onChange={(windows) => set({ windows })}
      />
      <SpanList
        title="Not shown"
        empty="No blocked times"
        addLabel="Add a blocked time"
        spans={draft.blocks}
        errors={fields}
        field="blocks"
        withNote
        onChange={(blocks) =>
          set({ blocks: blocks.map((b, i) => ({ ...b, by: draft.blocks[i]?.by ?? 'agent' })) })
        }
      />
    </FormDialog>
  );
}

/** Weekly showing hours, or blocked times (weekly or one date, with a reason the buyer sees). */
function SpanList({
  title,
  empty,
  addLabel,
  spans,
  errors,
  field,
  withNote = false,
  onChange,
}: {
  title: string;
  empty: string;
  addLabel: string;
  spans: Span[];
  errors: Readonly<Record<string, string>>;
  field: 'windows' | 'blocks';
  withNote?: boolean;
  onChange: (spans: Span[]) => void;
}) {
  const update = (i: number, patch: Partial<Span>) =>
    onChange(spans.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-800">{title}</legend>
      {spans.length === 0 ? <p className="text-sm text-slate-500">{empty}</p> : null}
      {spans.map((span, i) => (
        <div key={i} className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-4">
          {withNote ? (
            <SelectField
              label="Repeats"
              value={span.once ? 'once' : 'weekly'}
              onChange={(e) => update(i, { once: e.target.value === 'once' })}
            >
              <option value="weekly">Every week</option>
              <option value="once">One date</option>
            </SelectField>
          ) : null}
          {span.once ? (
            <TextField
              label="Date"
              type="date"
              value={span.date}
              error={errors[`${field}.${i}.date`]}
              onChange={(e) => update(i, { date: e.target.value })}
            />
          ) : (
            <SelectField
              label="Day"
              value={span.weekday}
              onChange={(e) => update(i, { weekday: e.target.value })}
            >
              {WEEKDAY_NAMES.map((name, day) => (
                <option key={name} value={day}>
                  {name}
                </option>
              ))}
            </SelectField>
          )}
          <TextField
            label="From"
            type="time"
            value={span.start}
            error={errors[`${field}.${i}.start`]}
            onChange={(e) => update(i, { start: e.target.value })}
          />
          <TextField
            label="To"
            type="time"
            value={span.end}
            error={errors[`${field}.${i}.end`]}
            onChange={(e) => update(i, { end: e.target.value })}
          />
          {withNote ? (
            <TextField
              label="Reason the buyer sees"
              className="col-span-2 sm:col-span-3"
              placeholder="the occupants are home"
              value={span.note}
              onChange={(e) => update(i, { note: e.target.value })}
            />
          ) : null}
          <div className="col-span-2 flex items-end sm:col-span-1">
            <Button
              type="button"
              variant="danger-ghost"
              size="sm"
              onClick={() => onChange(spans.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </div>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() =>
          onChange([
            ...spans,
            { weekday: '1', date: '', start: '09:00', end: '12:00', note: '', once: false },
          ])
        }
      >
        {addLabel}
      </Button>
    </fieldset>
  );
}

function noticeText(minutes: number): string {
  return minutes === 0 ? 'none' : noticeWords(minutes).replace(/'s?$/, '');
}

function hoursOf(minutes: number | null): string {
  return minutes === null ? '' : String(minutes / 60);
}

function numberOrNull(text: string, scale = 1): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Math.round(Number(trimmed) * scale);
}

function draftOf(rules: ShowingRules): Draft {
  return {
    approval: rules.approval ?? '',
    instructions: rules.instructions ?? '',
    minNoticeHours: hoursOf(rules.minNoticeMinutes),
    suggestedNoticeHours: hoursOf(rules.suggestedNoticeMinutes),
    noSameDay: rules.noSameDay,
    maxPerDay: rules.maxPerDay === null ? '' : String(rules.maxPerDay),
    gapMinutes: rules.gapMinutes === null ? '' : String(rules.gapMinutes),
    changeCutoffHours: rules.changeCutoffHours === null ? '' : String(rules.changeCutoffHours),
    windows: (rules.windows ?? []).map((w) => ({
      ...w,
      weekday: String(w.weekday),
      date: '',
      note: '',
      once: false,
    })),
    blocks: rules.blocks.map((b) => ({
      weekday: b.kind === 'weekly' ? String(b.weekday) : '1',
      date: b.kind === 'once' ? b.date : '',
      start: b.start,
      end: b.end,
      note: b.note ?? '',
      once: b.kind === 'once',
      by: b.by,
      ...(b.contactId ? { contactId: b.contactId } : {}),
    })),
  };
}

function inputOf(draft: Draft): ShowingRulesInput {
  return {
    approval: draft.approval === '' ? null : (draft.approval as ShowingRules['approval']),
    instructions: draft.instructions.trim() || null,
    minNoticeMinutes: numberOrNull(draft.minNoticeHours, 60),
    suggestedNoticeMinutes: numberOrNull(draft.suggestedNoticeHours, 60),
    noSameDay: draft.noSameDay,
    maxPerDay: numberOrNull(draft.maxPerDay),
    gapMinutes: numberOrNull(draft.gapMinutes),
    changeCutoffHours: numberOrNull(draft.changeCutoffHours),
    windows:
      draft.windows.length === 0
        ? null
        : draft.windows.map((w) => ({ weekday: Number(w.weekday), start: w.start, end: w.end })),
    blocks: draft.blocks.map((b) => {
      const common = {
        start: b.start,
        end: b.end,
        by: b.by,
        ...(b.note.trim() ? { note: b.note.trim() } : {}),
        ...(b.contactId ? { contactId: b.contactId } : {}),
      };
      return b.once
        ? { kind: 'once', date: b.date, ...common }
        : { kind: 'weekly', weekday: Number(b.weekday), ...common };
    }),
  };
}
