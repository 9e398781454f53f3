import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { Logo } from './logo';

describe('Logo (spec §2.1)', () => {
  it('is the product name as text, linking to / for a signed-out visitor', async () => {
    stubApi({});
    renderAt(<Logo />);
    const link = await screen.findByRole('link', { name: 'Keyturn home' });
    expect(link).toHaveAttribute('href', '/');
    expect(link).toHaveTextContent('Keyturn');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('is not clickable for a signed-in user', async () => {
    stubApi(signedInSessionRoutes());
    renderAt(<Logo />);
    // The link disappears once the session is known to be signed in.
    await vi.waitFor(() => expect(screen.queryByRole('link')).not.toBeInTheDocument());
    expect(screen.getByText('Keyturn')).toBeInTheDocument();
  });

  it('is not clickable when the click is disabled, even signed out', () => {
    stubApi({});
    renderAt(<Logo disableClick />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Keyturn')).toBeInTheDocument();
  });

  it('shows the image from VITE_LOGO_URL, and the name as text when it fails to load', () => {
    vi.stubEnv('VITE_LOGO_URL', 'https://files.example/logo.svg');
    stubApi({});
    renderAt(<Logo />);
    const image = screen.getByRole('img', { name: 'Keyturn' });
    expect(image).toHaveAttribute('src', 'https://files.example/logo.svg');
    expect(screen.queryByText('Keyturn')).not.toBeInTheDocument();

    fireEvent.error(image);

    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Keyturn')).toBeInTheDocument();
  });

  it('shows the name as text when the server-rendered image had already failed before the app started', async () => {
    vi.stubEnv('VITE_LOGO_URL', 'https://files.example/missing.svg');
    // A broken image that finished loading before mount: complete, no width, and no error event to come.
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    stubApi({});
    renderAt(<Logo />);
    expect(await screen.findByText('Keyturn')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
