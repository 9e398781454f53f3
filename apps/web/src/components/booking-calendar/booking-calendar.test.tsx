import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { format } from 'date-fns';
import { MESSAGES } from '@keyturn/domain/messages';
import { BookingCalendar } from './booking-calendar';
import type { BookingCalendarProps, CalendarTimeSlot } from './booking-calendar';

// Monday, March 3, 2031. March 2031 starts on a Saturday and ends on a Monday.
const TODAY = new Date(2031, 2, 3, 10, 0);

function day(name: string) {
  return screen.getByRole('button', { name });
}

function renderCalendar(props: Partial<BookingCalendarProps> = {}) {
  const onDateSelect = vi.fn();
  const onTimeSlotSelect = vi.fn();
  render(
    <BookingCalendar
      selectedDate={null}
      availableDates={[]}
      onDateSelect={onDateSelect}
      onTimeSlotSelect={onTimeSlotSelect}
      today={TODAY}
      {...props}
    />,
  );
  return { onDateSelect, onTimeSlotSelect };
}

/** The calendar with its selection held in state, as a page would use it. */
function StatefulCalendar({ slots }: { slots: CalendarTimeSlot[] }) {
  const [date, setDate] = useState<Date | null>(null);
  const [slot, setSlot] = useState('');
  return (
    <BookingCalendar
      selectedDate={date}
      availableDates={['2031-03-04']}
      timeSlots={slots}
      selectedTimeSlot={slot}
      onDateSelect={setDate}
      onTimeSlotSelect={setSlot}
      selectedTimeActions={<button type="button">Continue to Details</button>}
      today={TODAY}
    />
  );
}

describe('BookingCalendar (spec §2.8)', () => {
  it('shows a Sunday-first week with headers SUN to SAT', () => {
    renderCalendar();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']);
    // The first row starts on the Sunday before March 1 (a Saturday).
    const firstRow = screen.getAllByRole('row')[1];
    expect(within(firstRow as HTMLElement).getAllByRole('button')[0]).toHaveAccessibleName(
      'Sunday, February 23, 2031',
    );
  });

  it("starts at the current month, titled 'MMMM yyyy', and the arrows move it by one month", async () => {
    renderCalendar();
    expect(screen.getByRole('grid', { name: 'March 2031' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'April 2031' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('grid', { name: 'February 2031' })).toBeInTheDocument();
  });

  it('disables past days and days outside the shown month; they cannot be selected', async () => {
    const { onDateSelect } = renderCalendar({ availableDates: ['2031-04-01'] });
    const past = day('Sunday, March 2, 2031');
    const before = day('Sunday, February 23, 2031');
    const after = day('Tuesday, April 1, 2031');
    for (const button of [past, before, after]) expect(button).toHaveAttribute('aria-disabled', 'true');
    // An out-of-month day gets no marker even when it is an available date.
    expect(after.style.borderColor).toBe('');

    await userEvent.click(past);
    await userEvent.click(after);
    expect(onDateSelect).not.toHaveBeenCalled();

    // Today and later days of the month are selectable.
    expect(day('Monday, March 3, 2031')).not.toHaveAttribute('aria-disabled');
    await userEvent.click(day('Friday, March 7, 2031'));
    expect(onDateSelect).toHaveBeenCalledTimes(1);
    expect(format(onDateSelect.mock.calls[0]?.[0] as Date, 'yyyy-MM-dd')).toBe('2031-03-07');
  });

  it('gives available days the green marker and today a small dot, never both', () => {
    renderCalendar({ availableDates: ['2031-03-03', '2031-03-05'] });
    expect(day('Wednesday, March 5, 2031').style.borderColor).toBe('rgb(16, 185, 129)');
    expect(day('Thursday, March 6, 2031').style.borderColor).toBe('');

    const today = day('Monday, March 3, 2031');
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(within(today).getByTestId('today-dot')).toBeInTheDocument();
    expect(today.style.borderColor).toBe('');
    expect(screen.getAllByTestId('today-dot')).toHaveLength(1);
  });

  it("marks the selected day and shows it as 'EEEE, MMMM d' over the time panel", () => {
    renderCalendar({ selectedDate: new Date(2031, 2, 4), timeSlots: ['9:00 AM'] });
    expect(day('Tuesday, March 4, 2031').closest('[role="gridcell"]')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(day('Wednesday, March 5, 2031').closest('[role="gridcell"]')).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(screen.getByRole('heading', { name: 'Tuesday, March 4' })).toBeInTheDocument();
  });

  it("shows the legend 'Available' and 'Unavailable'", () => {
    renderCalendar();
    const legend = within(screen.getByRole('list', { name: 'Legend' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Available',
      'Unavailable',
    ]);
  });

  it('moves between days with the arrow keys, by month with Page Up/Down, and selects with Enter and Space', async () => {
    const user = userEvent.setup();
    const { onDateSelect } = renderCalendar();
    // Roving focus: one day in the tab order, today.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(day('Monday, March 3, 2031')).toHaveFocus();
    expect(day('Tuesday, March 4, 2031')).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{ArrowRight}');
    expect(day('Tuesday, March 4, 2031')).toHaveFocus();
    expect(day('Tuesday, March 4, 2031')).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowDown}');
    expect(day('Tuesday, March 11, 2031')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(day('Monday, March 3, 2031')).toHaveFocus();
    await user.keyboard('{End}');
    expect(day('Saturday, March 8, 2031')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('Sunday, March 2, 2031')).toHaveFocus();

    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'April 2031' })).toBeInTheDocument();
    expect(day('Wednesday, April 2, 2031')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(format(onDateSelect.mock.lastCall?.[0] as Date, 'yyyy-MM-dd')).toBe('2031-04-02');

    await user.keyboard('{PageUp}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('grid', { name: 'March 2031' })).toBeInTheDocument();
    expect(day('Tuesday, March 4, 2031')).toHaveFocus();
    await user.keyboard(' ');
    expect(format(onDateSelect.mock.lastCall?.[0] as Date, 'yyyy-MM-dd')).toBe('2031-03-04');

    // Leaving the month by arrow shows the neighbouring month.
    await user.keyboard('{ArrowUp}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('grid', { name: 'February 2031' })).toBeInTheDocument();
    expect(day('Saturday, February 22, 2031')).toHaveFocus();
  });

  it('does not select a past day from the keyboard', async () => {
    const user = userEvent.setup();
    const { onDateSelect } = renderCalendar();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(day('Sunday, March 2, 2031')).toHaveFocus();
    expect(onDateSelect).not.toHaveBeenCalled();
  });

  it("lists 'Available Times' in two columns; a pick shows 'Selected Time' whose 'Change' restores the list", async () => {
    const user = userEvent.setup();
    render(
      <StatefulCalendar
        slots={[
          { value: '09:00', label: '9:00 AM' },
          { value: '12:00', label: '12:00 PM', available: false },
          { value: '14:00', label: '2:00 PM' },
        ]}
      />,
    );
    expect(screen.queryByText('Available Times')).not.toBeInTheDocument();

    await user.click(day('Tuesday, March 4, 2031'));
    expect(screen.getByRole('heading', { name: 'Tuesday, March 4' })).toBeInTheDocument();
    expect(screen.getByText('Available Times')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Available Times' });
    expect(list).toHaveClass('grid-cols-2');
    expect(within(list).getByRole('button', { name: '12:00 PM' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: '2:00 PM' }));
    expect(screen.queryByRole('list', { name: 'Available Times' })).not.toBeInTheDocument();
    expect(screen.getByText('Selected Time')).toBeInTheDocument();
    expect(screen.getByText('Selected: 2:00 PM')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.queryByText('Selected Time')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Available Times' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '9:00 AM' })).toHaveFocus();
  });

  it('reports the slot value on a pick and an empty value on Change', async () => {
    const { onTimeSlotSelect } = renderCalendar({
      selectedDate: new Date(2031, 2, 4),
      timeSlots: [{ value: '14:00', label: '2:00 PM' }],
    });
    await userEvent.click(screen.getByRole('button', { name: '2:00 PM' }));
    expect(onTimeSlotSelect).toHaveBeenLastCalledWith('14:00');
  });

  it('says when the chosen date has no slots', () => {
    renderCalendar({ selectedDate: new Date(2031, 2, 4), timeSlots: [] });
    expect(screen.getByText(MESSAGES.noSlotsForDate)).toBeInTheDocument();
  });

  it('hides the time panel with showTimeSlots false', () => {
    renderCalendar({ selectedDate: new Date(2031, 2, 4), timeSlots: ['9:00 AM'], showTimeSlots: false });
    expect(screen.queryByText('Available Times')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tuesday, March 4' })).not.toBeInTheDocument();
  });

  it('uses the primary colour given, #3B82F6 by default', () => {
    const { container } = render(
      <BookingCalendar
        selectedDate={null}
        availableDates={[]}
        onDateSelect={() => undefined}
        today={TODAY}
      />,
    );
    expect((container.firstChild as HTMLElement).style.getPropertyValue('--kt-primary')).toBe('#3B82F6');
  });
});
