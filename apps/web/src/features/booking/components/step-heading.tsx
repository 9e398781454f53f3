import type { ReactNode } from 'react';

/** The heading of a step, with an optional line under it. */
export function StepHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5">
      <h2
        tabIndex={-1}
        className="text-lg font-bold tracking-tight text-slate-900 focus:outline-none sm:text-xl"
      >
        {title}
      </h2>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

/**
 * Gives a new step's heading the focus, so a keyboard or screen-reader user lands on the step they moved to
 * (WCAG 2.4.3). A step whose code is still loading shows its heading a moment later: it gets the focus when it
 * shows, unless the buyer has already moved the focus on (then it is only taken from the page itself, where the
 * removed control of the step before left it). A step React hides (display: none) while the next one loads keeps
 * its heading: that one is skipped. Returns the clean-up for an effect.
 */
export function focusStepHeading(container: HTMLElement): () => void {
  const focusShown = (late: boolean): boolean => {
    const heading = Array.from(container.querySelectorAll('h2')).find(
      (candidate) => !candidate.closest('[style*="display: none"]'),
    );
    const active = document.activeElement;
    if (heading && (!late || !active || active === document.body || !active.isConnected)) {
      heading.focus({ preventScroll: true });
    }
    return heading !== undefined;
  };
  const observer = new MutationObserver(() => focusShown(true) && observer.disconnect());
  if (!focusShown(false)) observer.observe(container, { childList: true, subtree: true, attributes: true });
  return () => observer.disconnect();
}
