// A property's showing rules (issues 32, 44): the form saves the whole set — its own fields as edited (the
// buyers' change cut-off among them), and what it does not show (when access details are released, set with the
// access details) as stored, never reset to its default.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHANGE_CUTOFF_UI } from '@keyturn/domain/changeCutoff';
import { DEFAULT_SHOWING_RULES } from '@keyturn/domain/listing/showingRules';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { riverside } from '../test-fixtures';
import { ShowingRulesDialog } from './showing-rules-dialog';

const view = {
  rules: { ...DEFAULT_SHOWING_RULES, accessReleaseMinutes: 180 },
  defaults: { approval: 'instant', minNoticeMinutes: 0, bufferMinutes: 0, changeCutoffHours: 24 },
};

describe('ShowingRulesDialog', () => {
  it('saves the cut-off chosen and keeps the access release time it does not show', async () => {
    const api = stubApi({
      ...signedInSessionRoutes(),
      [`GET /properties/${riverside.id}/showing-rules`]: () => json(200, { success: true, data: view }),
      [`PUT /properties/${riverside.id}/showing-rules`]: (call) =>
        json(200, { success: true, data: { ...view, rules: call.body } }),
    });
    renderAt(<ShowingRulesDialog property={riverside} onClose={() => {}} />, {
      path: '/dashboard/properties',
    });
    // The dialog shows a loading state first, then the form in a dialog of its own.
    const cutoff = await screen.findByLabelText(CHANGE_CUTOFF_UI.label);
    const dialog = screen.getByRole('dialog', { name: 'Showing rules' });
    expect(within(cutoff).getByRole('option', { selected: true }).textContent).toBe(
      'Same as your settings (Up to 24 hours before)',
    );
    await userEvent.selectOptions(cutoff, 'Up to 2 hours before');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    await vi.waitFor(() =>
      expect(api.callsTo('PUT', `/properties/${riverside.id}/showing-rules`)).toHaveLength(1),
    );
    expect(api.callsTo('PUT', `/properties/${riverside.id}/showing-rules`)[0]?.body).toMatchObject({
      changeCutoffHours: 2,
      accessReleaseMinutes: 180,
    });
  });
});
