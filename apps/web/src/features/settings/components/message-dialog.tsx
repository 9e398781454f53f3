// One sent message opened from Settings → Messages: its envelope (From, To, Reply-To, Subject), the HTML body
// in a sandboxed frame (no scripts, no same-origin access), the plain text, the attachments, and the stored
// file to download when one is kept.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import type { MessageContent, SentMessageDetail } from '@keyturn/domain/schemas/notifications';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatInstant } from '@/components/ui/format';
import { Spinner } from '@/components/ui/spinner';
import { downloadSentMessage, useSentMessage } from '@/lib/sent-messages';
import { messageTitle } from '@keyturn/domain/messageKinds';
import { MessageStatusBadge, channelLabel, savedAsFile } from './message-parts';

export function MessageDialog({
  id,
  timeZone,
  onClose,
}: {
  id: string;
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const query = useSentMessage(id);
  const message = query.data;

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={message ? messageTitle(message) : 'Message'}
      description={
        message ? (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>
              {channelLabel(message)} · {formatInstant(message.sent_at ?? message.updated_at, timeZone)}
            </span>
            <MessageStatusBadge message={message} />
          </span>
        ) : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {message?.file_name ? <DownloadButton id={message.id} fileName={message.file_name} /> : null}
        </>
      }
    >
      {message ? (
        <MessageBody message={message} />
      ) : query.isError ? (
        <ErrorAlert>We could not load this message. {query.error.message}</ErrorAlert>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Loading message" />
        </div>
      )}
    </Dialog>
  );
}

function DownloadButton({ id, fileName }: { id: string; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadSentMessage({ id, file_name: fileName });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The file could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void download()} disabled={busy} title={fileName}>
      {busy ? 'Downloading…' : 'Download'}
      <span className="sr-only"> {fileName}</span>
    </Button>
  );
}

function MessageBody({ message }: { message: SentMessageDetail }) {
  const { content } = message;
  const sms = message.channel === 'sms';
  return (
    <div className="space-y-5">
      {message.status !== 'sent' && message.last_error ? (
        <p
          className={`rounded-lg px-3 py-2 text-sm break-words ${
            message.status === 'failed' ? 'bg-red-50 text-red-800' : 'bg-slate-50 text-slate-700'
          }`}
        >
          <span className="font-semibold">Reason:</span> {message.last_error}
        </p>
      ) : null}
      {savedAsFile(message) ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Saved as a file, not delivered: no {sms ? 'text-message provider' : 'mail server'} is set up.
        </p>
      ) : null}

      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {sms ? null : <Field label="From">{content?.from}</Field>}
        <Field label="To">{content?.to ?? message.recipient}</Field>
        {sms ? null : <Field label="Reply-To">{content?.reply_to}</Field>}
        {sms ? null : <Field label="Subject">{content?.subject ?? message.subject}</Field>}
      </dl>

      {content ? (
        <Content content={content} sms={sms} subject={message.subject} />
      ) : (
        <NoCopy message={message} />
      )}
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children || <span className="text-slate-400">—</span>}</dd>
    </>
  );
}

function Content({
  content,
  sms,
  subject,
}: {
  content: MessageContent;
  sms: boolean;
  subject: string | null;
}) {
  const text = content.text?.trim() ? content.text : null;
  return (
    <div className="space-y-5">
      {content.html ? (
        <iframe
          sandbox=""
          srcDoc={content.html}
          title={`E-mail body${subject ? `: ${subject}` : ''}`}
          className="block h-[55vh] min-h-72 w-full sm:h-[60vh] rounded-lg border border-slate-200 bg-white"
        />
      ) : null}
      {text && content.html ? (
        <details className="group rounded-lg border border-slate-200">
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500">
            Plain-text version
          </summary>
          <TextBody text={text} />
        </details>
      ) : text ? (
        <section
          aria-label={sms ? 'Text message' : 'Message text'}
          className="rounded-lg border border-slate-200"
        >
          <TextBody text={text} />
        </section>
      ) : content.html ? null : (
        <p className="text-sm text-slate-600">This message has no text.</p>
      )}
      {content.attachments.length > 0 ? (
        <section aria-labelledby="message-attachments-heading">
          <h3 id="message-attachments-heading" className="text-sm font-semibold text-slate-900">
            Attachments
          </h3>
          <ul className="mt-2 space-y-1.5">
            {content.attachments.map((attachment, index) => (
              <li
                key={`${attachment.filename ?? 'attachment'}-${index}`}
                className="flex flex-wrap items-baseline gap-x-2 rounded-lg bg-slate-50 px-3 py-2 text-sm"
              >
                <span className="font-medium break-all text-slate-900">
                  {attachment.filename ?? 'Unnamed attachment'}
                </span>
                <span className="text-slate-500">{attachmentKind(attachment.content_type)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function TextBody({ text }: { text: string }) {
  return (
    <pre className="max-h-80 overflow-auto px-3 py-2 font-sans text-sm break-words whitespace-pre-wrap text-slate-800">
      {text}
    </pre>
  );
}

function NoCopy({ message }: { message: SentMessageDetail }) {
  const said =
    message.status === 'sent'
      ? message.channel === 'sms'
        ? 'Delivered texts are not kept, so what this one said cannot be shown here.'
        : 'Delivered e-mail is not kept: it went out through your mail server, so what it said cannot be shown here.'
      : message.status === 'skipped'
        ? 'This message was skipped, so nothing was written.'
        : 'No copy of this message is kept.';
  return <p className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-700">{said}</p>;
}

/** 'text/calendar; method=REQUEST' → 'Calendar invitation'; otherwise the type itself. */
function attachmentKind(contentType: string): string {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? contentType;
  if (type === 'text/calendar' || type === 'application/ics') return 'Calendar invitation';
  if (type === 'application/pdf') return 'PDF';
  if (type.startsWith('image/')) return 'Image';
  return type;
}
