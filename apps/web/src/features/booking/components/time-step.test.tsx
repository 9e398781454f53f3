// Issue 17 (decision 028): the time step marks the server's "suggested" slots "Suggested" and keeps every slot
// in time order (issue 29, decision 044: listing them first broke the order a buyer scans), each marked
// inside its button (seen, and read as the button's description after the time that names it), one badge a
// slot ("Recommended" wins), the step's spec texts unchanged, and picking a suggested slot reports its instant.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SLOT_BADGES } from '@keyturn/domain/learning/slotMarks';
import type { AvailabilityForDateResponse } from '@keyturn/domain/schemas/availability';
import { timeSlotsForDate } from '@keyturn/domain/timeSlots';
import { TimeStep } from './time-step';

const DATE = '2030-03-05';
const offered = (time: string, marks: { recommended?: true; suggested?: true } = {}) => ({
  time: `${time}:00`,
  starts_at: `${DATE}T${time}:00-05:00`,
  label: `${Number(time.slice(0, 2)) % 12 || 12}:${time.slice(3)} ${time < '12:00' ? 'AM' : 'PM'}`,
  ...marks,
});

function answer(slots: ReturnType<typeof offered>[]): AvailabilityForDateResponse {
  return {
    availableSlots: slots.map((s) => s.time),
    agentAvailability: { isAvailable: true },
    time_zone: 'America/New_York',
    slots,
  };
}

function renderStep(response: AvailabilityForDateResponse, onSelect = vi.fn()) {
  const slots = timeSlotsForDate({ response, dayIsAvailable: undefined, hasProperty: true });
  render(
    <TimeStep date={DATE} slots={slots} loading={false} viewZone={null} selected="" onSelect={onSelect} />,
  );
  return within(screen.getByRole('list', { name: 'Available Times' }));
}

describe('time step: suggested slots', () => {
  it('keeps time order with suggested slots marked "Suggested" for the eye and for screen readers', async () => {
    const onSelect = vi.fn();
    const grid = renderStep(
      answer([
        offered('09:00'),
        offered('09:30'),
        offered('14:00', { suggested: true }),
        offered('14:30', { suggested: true }),
        offered('15:00'),
      ]),
      onSelect,
    );
    const buttons = grid.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '9:00 AM',
      '9:30 AM',
      '2:00 PMSuggested',
      '2:30 PMSuggested',
      '3:00 PM',
    ]);
    // The time names the button (as before: the spec's labels); the mark is its description, the title explains it.
    expect(grid.getByRole('button', { name: '2:00 PM' })).toHaveAccessibleDescription('Suggested');
    expect(grid.getByRole('button', { name: '9:00 AM' })).not.toHaveAccessibleDescription();
    expect(grid.getAllByTitle(SLOT_BADGES.suggested.title)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Select a Time' })).toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(grid.getByRole('button', { name: '2:30 PM' }));
    expect(onSelect).toHaveBeenCalledWith(`${DATE}T14:30:00-05:00`);
  });

  it('one badge a slot: a slot both recommended and suggested reads "Recommended"; the order stays the time order', () => {
    const grid = renderStep(
      answer([
        offered('09:00', { recommended: true }),
        offered('10:00', { recommended: true, suggested: true }),
      ]),
    );
    expect(grid.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '9:00 AMRecommended',
      '10:00 AMRecommended',
    ]);
    expect(grid.queryByText(SLOT_BADGES.suggested.label)).toBeNull();
    expect(grid.getByRole('button', { name: '10:00 AM' })).toHaveAccessibleDescription('Recommended');
  });

  it('no marks: the slots in time order, no badge', () => {
    const grid = renderStep(answer([offered('09:00'), offered('09:30'), offered('10:00')]));
    expect(grid.getAllByRole('button').map((b) => b.textContent)).toEqual(['9:00 AM', '9:30 AM', '10:00 AM']);
  });
});
