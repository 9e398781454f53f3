import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import { SCREENSHOTS } from '../content';
import { ScreenshotCarousel } from './screenshot-carousel';

const INTERVAL = CLIENT_TIMINGS.carouselIntervalMs;

/** The number of the slide on show, 1-based, from the slide that is not hidden. */
function shown(): number {
  const slides = screen.getAllByRole('group', { hidden: true });
  const active = slides.filter((slide) => slide.dataset.active === 'true');
  expect(active).toHaveLength(1);
  return slides.indexOf(active[0]!) + 1;
}

function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

function renderCarousel() {
  return render(<ScreenshotCarousel slides={SCREENSHOTS} label="Screenshots of Keyturn" />);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('screenshot carousel (spec §2.5, §4)', () => {
  it('advances every 5 s and wraps 0 → 1 → 2 → 0', () => {
    renderCarousel();
    expect(shown()).toBe(1);
    advance(INTERVAL - 1);
    expect(shown()).toBe(1);
    advance(1);
    expect(shown()).toBe(2);
    advance(INTERVAL);
    expect(shown()).toBe(3);
    advance(INTERVAL);
    expect(shown()).toBe(1);
  });

  it('has Previous/Next that wrap both ways, and dots that jump to a slide', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(shown()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shown()).toBe(1);
    const dot = screen.getByRole('button', { name: `Show slide 2: ${SCREENSHOTS[1].title}` });
    fireEvent.click(dot);
    expect(shown()).toBe(2);
    expect(dot).toHaveAttribute('aria-current', 'true');
  });

  it('moves with the arrow keys', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Screenshots of Keyturn' });
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(shown()).toBe(2);
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(shown()).toBe(3);
  });

  it('holds still while hovered or focused, and when paused', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Screenshots of Keyturn' });
    fireEvent.mouseEnter(carousel);
    advance(2 * INTERVAL);
    expect(shown()).toBe(1);
    fireEvent.mouseLeave(carousel);
    advance(INTERVAL);
    expect(shown()).toBe(2);

    fireEvent.focus(screen.getByRole('button', { name: 'Next' }));
    advance(2 * INTERVAL);
    expect(shown()).toBe(2);
    fireEvent.blur(screen.getByRole('button', { name: 'Next' }));

    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(2 * INTERVAL);
    expect(shown()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(INTERVAL);
    expect(shown()).toBe(3);
  });

  it('does not rotate on its own for visitors who prefer reduced motion', () => {
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('reduce'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
    renderCarousel();
    advance(2 * INTERVAL);
    expect(shown()).toBe(1);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
  });

  it('enlarges the screenshot on show, and stops rotating while it is open', () => {
    renderCarousel();
    const slide = screen.getByRole('group', { name: `1 of 3: ${SCREENSHOTS[0].title}` });
    fireEvent.click(within(slide).getByRole('button'));
    const lightbox = screen.getByRole('dialog', { name: SCREENSHOTS[0].title });
    expect(within(lightbox).getByRole('img')).toHaveAttribute('src', SCREENSHOTS[0].src);
    advance(2 * INTERVAL);
    expect(shown()).toBe(1);
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(shown()).toBe(1);
  });
});
