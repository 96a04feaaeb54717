import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CentreCapacityChart, CounsellorMoneyChart } from './charts';

afterEach(cleanup);

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the admin charts', () => {
  it('give their numbers as a table: a header row, then a row per centre, capacity or "No limit"', () => {
    render(
      <CentreCapacityChart
        centres={[
          { centerId: 3, centerName: 'Fergusson College', registered: 41, capacity: 60 },
          { centerId: 5, centerName: 'SP College', registered: 12, capacity: null },
        ]}
      />,
    );
    expect(rowsOf('Registrations per exam centre')).toEqual([
      ['Exam centre', 'Registered', 'Capacity'],
      ['Fergusson College', '41', '60'],
      ['SP College', '12', 'No limit'],
    ]);
  });

  it('show the counsellors’ money in rupees', () => {
    render(<CounsellorMoneyChart counsellors={[{ uuid: 'u-1', name: 'Priya', collected: 12500, outstanding: 0 }]} />);
    expect(rowsOf('Fees per counsellor')).toEqual([
      ['Counsellor', 'Collected', 'Outstanding'],
      ['Priya', '₹12,500', '₹0'],
    ]);
  });
});
