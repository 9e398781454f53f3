// The agent's notes on a lead: add, edit in place, delete (after a confirmation).
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { LEAD_MESSAGES, LEAD_NOTE_MAX } from '@keyturn/domain/schemas/leads';
import type { LeadNote } from '@keyturn/domain/schemas/leadResponses';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatInstant } from '@/components/ui/format';
import { TextAreaField } from '@/components/ui/text-field';
import { addNote, deleteNote, editNote, leadKeys } from './api';

export function LeadNotes({
  leadId,
  notes,
  timeZone,
}: {
  leadId: string;
  notes: readonly LeadNote[];
  timeZone: string | undefined;
}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: leadKeys.all });
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [editing, setEditing] = useState<{ id: string; body: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: (body: string) => addNote(leadId, body),
    onSuccess: async () => {
      setDraft('');
      await refresh();
      toast.success('Note added.');
    },
    onError: (e: Error) => setError(e.message),
  });
  const save = useMutation({
    mutationFn: (n: { id: string; body: string }) => editNote(leadId, n.id, n.body),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
      toast.success('Note saved.');
    },
    onError: (e: Error) => toast.error(e.message),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteNote(leadId, id),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
      toast.success('Note deleted.');
    },
    onError: (e: Error) => toast.error(e.message),
  });

  return (
    <div className="space-y-3">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const body = draft.trim();
          if (!body) return setError(LEAD_MESSAGES.noteRequired);
          setError(undefined);
          add.mutate(body);
        }}
        className="space-y-2"
      >
        <TextAreaField
          label="Add a note"
          value={draft}
          maxLength={LEAD_NOTE_MAX}
          error={error}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add note'}
        </Button>
      </form>
      {notes.length === 0 ? <p className="text-sm text-slate-600">No notes yet.</p> : null}
      <ul className="space-y-2">
        {notes.map((note) => (
          <li key={note.id} className="rounded-lg border border-slate-200 p-3 text-sm">
            {editing?.id === note.id ? (
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  if (editing.body.trim()) save.mutate({ id: note.id, body: editing.body.trim() });
                }}
                className="space-y-2"
              >
                <TextAreaField
                  label="Edit note"
                  value={editing.body}
                  maxLength={LEAD_NOTE_MAX}
                  error={editing.body.trim() ? undefined : LEAD_MESSAGES.noteRequired}
                  onChange={(e) => setEditing({ id: note.id, body: e.target.value })}
                />
                <div className="flex gap-2">
                  <Button type="submit" size="sm" disabled={save.isPending}>
                    {save.isPending ? 'Saving…' : 'Save note'}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </div>
              </form>
            ) : (
              <>
                <p className="whitespace-pre-line text-slate-800">{note.body}</p>
                <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <span>{formatInstant(note.created_at, timeZone)}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing({ id: note.id, body: note.body })}
                  >
                    Edit
                  </Button>
                  <Button variant="danger-ghost" size="sm" onClick={() => setDeleting(note.id)}>
                    Delete
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this note?"
        confirmLabel="Delete note"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        The note is removed from the lead for good.
      </ConfirmDialog>
    </div>
  );
}
