// Settings → Embed (issue 34 §1, decision 057): the snippets an agent pastes into their own website — the
// booking page inline, a popup opener, the floating "Schedule a showing" button — for their booking page or
// one of their properties, each with a copy button, and a live preview: the real embedded page in a frame,
// sized by the same messages the loader listens to. Loaded with its tab only.
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { embedPath, embedSnippet, EMBED_ORIGIN_PARAM, EMBED_TEXTS } from '@keyturn/domain/embed';
import type { EmbedMessage, EmbedSnippetKind, EmbedTarget } from '@keyturn/domain/embed';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { api } from '@/lib/api';

type PublicProperty = { id: number; public_id: string; address: string };

const SNIPPETS: { kind: EmbedSnippetKind; title: string; text: string }[] = [
  {
    kind: 'inline',
    title: 'Inline',
    text: 'The booking page inside your page, as tall as its content. Place it where buyers should see it.',
  },
  {
    kind: 'popup',
    title: 'Popup',
    text: 'A button of your own that opens the booking page over your page. Restyle the button as you like.',
  },
  {
    kind: 'button',
    title: 'Floating button',
    text: `A “${EMBED_TEXTS.button}” button in your colour at the bottom right of every page it is on.`,
  },
];

export function EmbedPanel({ agentId, color }: { agentId: string; color: string }) {
  const origin = window.location.origin;
  const [choice, setChoice] = useState('');
  const properties = useQuery({
    queryKey: ['settings', 'embed', 'properties', agentId],
    queryFn: () =>
      api.get<{ properties: PublicProperty[] }>(`/properties/public/${encodeURIComponent(agentId)}`),
  });
  const target: EmbedTarget = choice ? { kind: 'property', id: choice } : { kind: 'agent', id: agentId };
  const selectId = useId();

  return (
    <section aria-labelledby="embed-heading" className="space-y-6">
      <div>
        <h2 id="embed-heading" className="text-lg font-semibold text-slate-900">
          Embed on your website
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Let buyers book without leaving your own site. Paste one of these snippets into your website’s HTML;
          bookings arrive here as from your booking page.
        </p>
      </div>
      <div className="max-w-md">
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
          What buyers book
        </label>
        <select
          id={selectId}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">Your booking page (any purpose)</option>
          {(properties.data?.properties ?? []).map((property) => (
            <option key={property.public_id} value={property.public_id}>
              {property.address}
            </option>
          ))}
        </select>
      </div>
      <ul className="space-y-4">
        {SNIPPETS.map((snippet) => {
          const code = embedSnippet(snippet.kind, { origin, target, color });
          return (
            <li key={snippet.kind} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{snippet.title}</h3>
                <CopyButton text={code} accessibleLabel={`Copy the ${snippet.title.toLowerCase()} snippet`} />
              </div>
              <p className="mt-1 text-sm text-slate-600">{snippet.text}</p>
              <pre className="mt-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
                <code>{code}</code>
              </pre>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-slate-600">
        If your website restricts what it loads (a Content-Security-Policy), allow{' '}
        <code className="rounded bg-slate-100 px-1">{origin}</code> for scripts and frames.
      </p>
      <EmbedPreview target={target} color={color} />
    </section>
  );
}

/** The real embedded page, loaded only when asked for, sized to its content as on the agent's site. */
function EmbedPreview({ target, color }: { target: EmbedTarget; color: string }) {
  const [shown, setShown] = useState(false);
  const [height, setHeight] = useState(640);
  const frame = useRef<HTMLIFrameElement>(null);
  const src = `${embedPath(target)}?${EMBED_ORIGIN_PARAM}=${encodeURIComponent(window.location.origin)}`;

  useEffect(() => {
    if (!shown) return;
    const onMessage = (event: MessageEvent<EmbedMessage>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data?.type === 'keyturn:resize' && Number.isFinite(event.data.height))
        setHeight(Math.max(200, Math.ceil(event.data.height)));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [shown]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="font-semibold text-slate-900">Preview</h3>
        <Button variant="secondary" size="sm" onClick={() => setShown((now) => !now)} aria-expanded={shown}>
          {shown ? 'Hide preview' : 'Show preview'}
        </Button>
        <span className="flex items-center gap-2 text-sm text-slate-600">
          <span
            aria-hidden="true"
            className="size-4 rounded-full border border-slate-300"
            style={{ background: color }}
          />
          The floating button uses your brand colour ({color}).
        </span>
      </div>
      {shown ? (
        <iframe
          ref={frame}
          key={src}
          src={src}
          title={`${EMBED_TEXTS.frameTitle} (preview)`}
          style={{ height }}
          className="block w-full max-w-3xl rounded-lg border border-slate-200"
        />
      ) : null}
    </div>
  );
}
