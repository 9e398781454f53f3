// The embedded booking page's side of the conversation with the host page (issue 34 §1, decision 057). Loaded
// only on the embed addresses, after the page has started (not in /bookme's first load). It posts to the
// host's origin named in the address (embed_origin), never to '*', and nothing personal:
// - keyturn:resize, the page's height, whenever it changes (the loader sizes an inline frame to it);
// - keyturn:step, the booking step's name, on every step;
// - keyturn:booking_created, when a submit leads to the confirmation (not when a reload lands on it);
// - keyturn:close, when Esc is pressed inside the frame (a popup's dialog cannot hear that key itself).
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from '@/lib/router';
import { FLOW_PARAMS, initialStep, isBookingStep } from '@keyturn/domain/bookingFlow';
import { EMBED_ORIGIN_PARAM, hostOriginOf } from '@keyturn/domain/embed';
import type { EmbedMessage } from '@keyturn/domain/embed';
import { isValidIsoDate } from '@keyturn/domain/time';

/** Page-high boxes would keep the frame at least as tall as itself: inside a frame, content decides. */
const EMBED_STYLE = 'html,body,.min-h-screen{min-height:0!important}body{background:#f8fafc}';

export function EmbedBridge() {
  const [search] = useSearchParams();
  const params = useParams();
  const host = hostOriginOf(search.get(EMBED_ORIGIN_PARAM));
  const requested = search.get(FLOW_PARAMS.step);
  // Before the buyer's first move the address names no step: the page's first one (bookingFlow's rule).
  const step = isBookingStep(requested)
    ? requested
    : initialStep({
        hasPropertyId: params.propertyId !== undefined,
        hasValidDate: isValidIsoDate(search.get(FLOW_PARAMS.date)),
      });
  const lastStep = useRef<string | null>(null);

  useEffect(() => {
    const style = document.createElement('style');
    style.textContent = EMBED_STYLE;
    document.head.append(style);
    return () => style.remove();
  }, []);

  useEffect(() => {
    if (!host || window.parent === window) return;
    const post = (message: EmbedMessage) => window.parent.postMessage(message, host);
    const root = document.getElementById('root') ?? document.body;
    let last = 0;
    const measure = () => {
      const height = Math.ceil(
        root.getBoundingClientRect().height +
          parseFloat(getComputedStyle(document.body).paddingBottom || '0'),
      );
      if (height !== last) {
        last = height;
        post({ type: 'keyturn:resize', height });
      }
    };
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    observer.observe(document.body, { box: 'border-box' });
    measure();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) post({ type: 'keyturn:close' });
    };
    window.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onKey);
    };
  }, [host]);

  useEffect(() => {
    if (!host || window.parent === window || lastStep.current === step) return;
    const previous = lastStep.current;
    lastStep.current = step;
    window.parent.postMessage({ type: 'keyturn:step', step } satisfies EmbedMessage, host);
    if (step === 'confirmation' && previous !== null)
      window.parent.postMessage({ type: 'keyturn:booking_created' } satisfies EmbedMessage, host);
  }, [host, step]);

  return null;
}
