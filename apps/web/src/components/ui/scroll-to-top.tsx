import { useEffect, useState } from 'react';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';

/**
 * A button that appears once the page is scrolled past the threshold and glides back to the top (spec §2.1).
 * It steps aside while a form field has the focus (issue 19): on a phone it would sit over the field being
 * filled in (the booking form's Budget) or its on-screen keyboard.
 */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  const [typing, setTyping] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > CLIENT_TIMINGS.scrollTopThresholdPx);
    const updateFocus = () => setTyping(isFormField(document.activeElement));
    update();
    updateFocus();
    window.addEventListener('scroll', update, { passive: true });
    document.addEventListener('focusin', updateFocus);
    document.addEventListener('focusout', updateFocus);
    return () => {
      window.removeEventListener('scroll', update);
      document.removeEventListener('focusin', updateFocus);
      document.removeEventListener('focusout', updateFocus);
    };
  }, []);

  if (!visible || typing) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed right-4 bottom-4 z-40 inline-flex size-12 items-center justify-center rounded-full bg-blue-600 text-white shadow-lg transition hover:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 sm:right-6 sm:bottom-6"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        className="size-5"
        aria-hidden="true"
      >
        <path d="M12 19V5m-6 6 6-6 6 6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

function isFormField(element: Element | null): boolean {
  if (element instanceof HTMLInputElement)
    return !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(element.type);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}
