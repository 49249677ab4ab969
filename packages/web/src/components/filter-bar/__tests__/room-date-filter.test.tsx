import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { DateRangeFields, RoomFilterField, useRoomDateFilter } from '..';

const LABELS = { room: 'Room', allRooms: 'All rooms', from: 'From', to: 'To', dateOrder: 'Wrong order' };

function Bar() {
  const filter = useRoomDateFilter();
  const { search } = useLocation();
  return (
    <form>
      <RoomFilterField filter={filter} rooms={[{ RoomID: 7, Name: 'Bay 7' }]} labels={LABELS} />
      <DateRangeFields filter={filter} labels={LABELS} />
      <button type="button" onClick={() => filter.clear(['status'])}>clear</button>
      <output aria-label="address">{search}</output>
    </form>
  );
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

describe('room + date-range filter bar', () => {
  it('keeps the filters in the address, back on the first page; a range the wrong way round is said and not applied', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/list?page=3&status=open&from=2026-10-01']}>
        <Bar />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Room' }), '7');
    expect(address()).toBe('?status=open&from=2026-10-01&room=7');

    await user.type(screen.getByLabelText('To'), '2026-09-01');
    expect(screen.getByText('Wrong order')).toBeInTheDocument();
    expect(address()).toBe('?status=open&from=2026-10-01&room=7');

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-10-20');
    expect(screen.queryByText('Wrong order')).toBeNull();
    expect(address()).toBe('?status=open&from=2026-10-01&room=7&to=2026-10-20');

    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(address()).toBe('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('To')).toHaveValue('');
  });
});
