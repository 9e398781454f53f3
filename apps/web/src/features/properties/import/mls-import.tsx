// Import from the MLS (issue 34 §2): the agent's MLS agent ID, the last sync and "Sync now". When the server has
// no MLS connected it says so, and who can switch it on (the administrator gets the link).
import { useState, type FormEvent } from 'react';
import { Link } from '@/lib/router';
import { IMPORT_TEXTS, type MlsConnection } from '@keyturn/domain/listing/imports';
import { NOT_SWITCHED_ON, SERVER_SETTINGS_PATH } from '@keyturn/domain/schemas/serverSettings';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/components/ui/format';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useAgentProfile } from '@/lib/agent-profile';
import { ApiError } from '@/lib/api';
import { useServerAdministrator } from '@/lib/server-admin';
import { useMlsConnection, useSaveMlsAgentId, useSyncNow } from './api';

export function MlsImport() {
  const connection = useMlsConnection();
  return (
    <section
      aria-labelledby="mls-import-title"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="mls-import-title" className="text-lg font-semibold text-slate-900">
        From the MLS
      </h2>
      {connection.isPending ? (
        <div className="py-6">
          <Spinner label="Loading the MLS import" />
        </div>
      ) : connection.isError ? (
        <div className="mt-3">
          <ErrorAlert>We could not load the MLS import. {connection.error.message}</ErrorAlert>
        </div>
      ) : connection.data.available ? (
        <Connected connection={connection.data} />
      ) : (
        <NotSwitchedOn />
      )}
    </section>
  );
}

function NotSwitchedOn() {
  const admin = useServerAdministrator();
  return (
    <p className="mt-2 text-sm text-slate-600">
      {IMPORT_TEXTS.mlsOff}
      {admin && (
        <>
          {' '}
          <Link to={SERVER_SETTINGS_PATH} className="font-medium text-blue-700 underline hover:text-blue-800">
            {NOT_SWITCHED_ON.adminLink}
          </Link>
        </>
      )}
    </p>
  );
}

function Connected({ connection }: { connection: MlsConnection }) {
  const agent = useAgentProfile();
  const save = useSaveMlsAgentId();
  const sync = useSyncNow();
  const [id, setId] = useState(connection.mls_agent_id ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await save.mutateAsync(id);
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.mls_agent_id ?? err.message) : 'Please try again.');
    }
  };
  const result = connection.last_result;

  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        Your listings are copied from the MLS with their photos and kept up to date. A listing the MLS marks
        pending, closed or withdrawn is taken off your booking page.
      </p>
      <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Your MLS agent ID"
          value={id}
          error={error}
          autoComplete="off"
          onChange={(e) => setId(e.target.value)}
          className="sm:w-64"
        />
        <Button type="submit" disabled={save.isPending} className="sm:mt-7">
          {connection.mls_agent_id ? 'Save and import' : 'Import my listings'}
        </Button>
      </form>
      {connection.mls_agent_id && (
        <div className="mt-4 space-y-2 text-sm text-slate-700">
          {connection.syncing ? (
            <p>Importing your listings…</p>
          ) : connection.last_sync_at ? (
            <p>
              Last import {formatInstant(connection.last_sync_at, agent.data?.timeZone)}
              {result &&
                `: ${result.created} added, ${result.updated} updated, ${result.hidden} taken off the market.`}
            </p>
          ) : null}
          {result && result.overLimit.length > 0 && (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
              Your plan has no room for {result.overLimitCount ?? result.overLimit.length} more:{' '}
              {result.overLimit.slice(0, 5).join('; ')}
              {(result.overLimitCount ?? result.overLimit.length) > 5 ? '…' : ''}. Upgrade your plan to add
              them.
            </p>
          )}
          {connection.last_error && <ErrorAlert>The last import failed: {connection.last_error}</ErrorAlert>}
          <Button
            variant="secondary"
            size="sm"
            disabled={sync.isPending || connection.syncing}
            onClick={() => sync.mutate()}
          >
            Sync now
          </Button>
        </div>
      )}
    </>
  );
}
