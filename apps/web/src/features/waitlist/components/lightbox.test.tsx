import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS } from '../content';
import { Lightbox } from './lightbox';

const image = SCREENSHOTS[0];

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Enlarge
      </button>
      <Lightbox image={open ? image : null} onClose={() => setOpen(false)} />
    </>
  );
}

async function openLightbox() {
  const user = userEvent.setup();
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Enlarge' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: image.title }) };
}

describe('screenshot lightbox (spec §2.5)', () => {
  it('locks the page scroll and traps focus on its Close button while open', async () => {
    document.body.style.overflow = 'auto';
    const { user, dialog } = await openLightbox();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('closes on Escape, restores the scroll and gives focus back', async () => {
    document.body.style.overflow = 'auto';
    const { user, opener } = await openLightbox();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('auto');
    expect(opener).toHaveFocus();
  });

  it('closes on a click outside the picture, not on the picture', async () => {
    const { user, dialog } = await openLightbox();
    await user.click(screen.getByRole('img', { name: image.alt }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with the Close button', async () => {
    const { user } = await openLightbox();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
