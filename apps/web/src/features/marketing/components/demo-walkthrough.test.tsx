// The landing page's walkthrough plays on its own, except for a visitor who asks the system for less motion —
// also when the page came from the server, which renders it playing (it cannot know the preference).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DemoWalkthrough } from './demo-walkthrough';

function preferLessMotion() {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) => ({
    ...matchMedia(query),
    matches: query === '(prefers-reduced-motion: reduce)',
  });
}

describe('DemoWalkthrough', () => {
  it('plays by default; the button pauses and plays it again', async () => {
    render(<DemoWalkthrough />);
    await userEvent.click(screen.getByRole('button', { name: 'Pause walkthrough' }));
    await userEvent.click(screen.getByRole('button', { name: 'Play walkthrough' }));
    expect(screen.getByRole('button', { name: 'Pause walkthrough' })).toBeInTheDocument();
  });

  it('stays still for a visitor who prefers less motion, after taking over the server-rendered markup', async () => {
    const html = renderToString(<DemoWalkthrough />);
    expect(html).toContain('Pause walkthrough');
    preferLessMotion();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    const root = await act(() =>
      hydrateRoot(container, <DemoWalkthrough />, { onRecoverableError: (error) => errors.push(error) }),
    );
    expect(screen.getByRole('button', { name: 'Play walkthrough' })).toBeInTheDocument();
    expect(errors).toEqual([]);
    act(() => root.unmount());
    container.remove();
  });
});
