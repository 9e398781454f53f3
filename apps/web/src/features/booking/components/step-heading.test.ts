// The focus on a step change (WCAG 2.4.3): the new step's heading takes it — at once when the step is there, or
// when its heading shows if the step's code was still loading; a hidden step's heading never takes it, and a
// late heading does not take the focus back from a control the buyer has moved to meanwhile.
import { afterEach, describe, expect, it } from 'vitest';
import { focusStepHeading } from './step-heading';

function heading(text: string): HTMLHeadingElement {
  const h2 = document.createElement('h2');
  h2.tabIndex = -1;
  h2.textContent = text;
  return h2;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
});

describe('focusStepHeading', () => {
  it('focuses the heading of a step already shown', () => {
    const main = document.body.appendChild(document.createElement('main'));
    main.appendChild(heading('Enter Your Details'));
    focusStepHeading(main);
    expect(document.activeElement?.textContent).toBe('Enter Your Details');
  });

  it('skips the heading of a step hidden while the next one loads, and focuses the new one when it shows', async () => {
    const main = document.body.appendChild(document.createElement('main'));
    const old = main.appendChild(document.createElement('div'));
    old.style.display = 'none';
    old.appendChild(heading('Select a Date & Time'));
    const stop = focusStepHeading(main);
    expect(document.activeElement).toBe(document.body);

    main.appendChild(heading('Enter Your Details'));
    await flush();
    expect(document.activeElement?.textContent).toBe('Enter Your Details');
    stop();
  });

  it('leaves the focus where the buyer moved it before the late heading showed', async () => {
    const main = document.body.appendChild(document.createElement('main'));
    const back = main.appendChild(document.createElement('button'));
    back.textContent = 'Back';
    const stop = focusStepHeading(main);
    back.focus();

    main.appendChild(heading('Enter Your Details'));
    await flush();
    expect(document.activeElement).toBe(back);
    stop();
  });

  it('stops watching once cleaned up (the buyer moved to another step)', async () => {
    const main = document.body.appendChild(document.createElement('main'));
    const stop = focusStepHeading(main);
    stop();
    main.appendChild(heading('Enter Your Details'));
    await flush();
    expect(document.activeElement).toBe(document.body);
  });
});
