// Marketing labels follow the feature catalogue: what is built is "Available now" (reminders by e-mail and
// SMS, the feedback request…, team management); the "In development" section shows only while something is.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEATURE_CATALOGUE } from '@keyturn/domain/features';
import { renderAt, stubApi } from '@/test/utils';
import { FeaturesPage } from './features-page';

function labelOf(title: string): string | null | undefined {
  const card = screen.getByRole('heading', { name: title }).closest('article');
  return card?.querySelector('span.rounded-full')?.textContent;
}

describe('features page labels', () => {
  it('labels every catalogue feature by its built flag', async () => {
    stubApi({});
    renderAt(<FeaturesPage />);
    await screen.findByRole('heading', { level: 1, name: 'What Keyturn does today' });
    for (const feature of FEATURE_CATALOGUE) {
      expect(labelOf(feature.title), feature.title).toBe(feature.built ? 'Available now' : 'In development');
    }
    expect(labelOf('Email and SMS reminders')).toBe('Available now');
    expect(labelOf('Feedback after each showing')).toBe('Available now');
    expect(labelOf('AI assistant')).toBe('Available now');
    expect(labelOf('Route optimisation')).toBe('Available now');
    expect(labelOf('Team management')).toBe('Available now');
    // Nothing left in development: no empty "What we are building next" section.
    expect(screen.queryByRole('heading', { name: 'What we are building next' })).not.toBeInTheDocument();
    expect(screen.queryByText(/still building/)).not.toBeInTheDocument();
  });
});
