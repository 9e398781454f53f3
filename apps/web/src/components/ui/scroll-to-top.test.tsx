import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import { ScrollToTop } from './scroll-to-top';

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollToTop (spec §2.1)', () => {
  it('appears only once the page is scrolled more than 300 px', () => {
    render(<ScrollToTop />);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    scrollTo(CLIENT_TIMINGS.scrollTopThresholdPx);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    scrollTo(CLIENT_TIMINGS.scrollTopThresholdPx + 1);
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();

    scrollTo(10);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
  });

  it('scrolls smoothly to the top when pressed', async () => {
    const scrollSpy = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<ScrollToTop />);
    scrollTo(900);
    await userEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scrollSpy).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('steps aside while a form field has the focus, so it never covers the field being filled in (issue 19)', async () => {
    render(
      <>
        <label>
          Budget range
          <select>
            <option>Any</option>
          </select>
        </label>
        <label>
          Notes
          <textarea />
        </label>
        <button type="button">Elsewhere</button>
        <ScrollToTop />
      </>,
    );
    scrollTo(900);
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Budget range'));
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Notes'));
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
  });

  it('stays while it has the focus itself: pressing it focuses it first, and it must not step aside before the click', () => {
    // Everything at one spot, as in a browser where the pressed button lies exactly on its own place.
    const rect = vi
      .spyOn(Element.prototype, 'getBoundingClientRect')
      .mockReturnValue(DOMRect.fromRect({ x: 300, y: 700, width: 48, height: 48 }));
    try {
      render(<ScrollToTop />);
      scrollTo(900);
      const button = screen.getByRole('button', { name: 'Scroll to top' });
      // Under its place lies now the button itself, its icon first.
      const original = document.elementsFromPoint;
      document.elementsFromPoint = () => [button.querySelector('svg')!, button, document.body];
      try {
        act(() => button.focus());
        expect(screen.getByRole('button', { name: 'Scroll to top' })).toHaveFocus();
      } finally {
        document.elementsFromPoint = original;
      }
    } finally {
      rect.mockRestore();
    }
  });

  it('never covers a time slot or the focused element under its place (issue 29, WCAG 2.4.11)', () => {
    render(
      <ul>
        <li>
          <button type="button">2:00 PM</button>
        </li>
      </ul>,
    );
    render(<ScrollToTop />);
    const slot = screen.getByRole('button', { name: '2:00 PM' });
    // What lies under the button's place, as the browser answers it.
    let under: Element[] = [document.body];
    const original = document.elementsFromPoint;
    document.elementsFromPoint = () => under;
    try {
      scrollTo(900);
      expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
      under = [slot, document.body];
      scrollTo(950);
      expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
      under = [document.body];
      scrollTo(1000);
      expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
    } finally {
      document.elementsFromPoint = original;
    }
  });

  it("takes the agent's colour on an agent's page, Keyturn blue elsewhere (issue 29)", () => {
    const { unmount } = render(<ScrollToTop />);
    scrollTo(900);
    const plain = screen.getByRole('button', { name: 'Scroll to top' });
    expect(plain.className).toContain('bg-[var(--kt-primary,#2563eb)]');
    expect(plain.style.getPropertyValue('--kt-primary')).toBe('');
    unmount();
    render(
      <div style={{ '--kt-primary': '#0F766E', '--kt-on-primary': '#ffffff' } as React.CSSProperties}>
        <ScrollToTop />
      </div>,
    );
    scrollTo(901);
    const branded = screen.getByRole('button', { name: 'Scroll to top' });
    expect(branded.style.getPropertyValue('--kt-primary')).toBe('#0F766E');
    expect(branded.style.getPropertyValue('--kt-on-primary')).toBe('#ffffff');
  });
});
