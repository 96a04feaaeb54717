import type { CounsellorFigures } from '@app/domain/home.schemas';
import { useCounsellorFigures } from '../api/get-home';
import { type Figure, FigureGrid } from './figure-card';

const counsellorFigures: Figure<CounsellorFigures>[] = [
  { label: 'My registrations', of: (f) => f.registrations, section: 'registertable' },
  { label: 'Fees collected', of: (f) => f.collected, section: 'paymenttable', isMoney: true },
  { label: 'Fees outstanding', of: (f) => f.outstanding, section: 'registertable', isMoney: true },
  { label: 'Cash in hand', of: (f) => f.cashInHand, section: 'settlement', isMoney: true },
  { label: 'Students overdue', of: (f) => f.overdueStudents, section: 'overdue', isWarnWhenAny: true },
  { label: 'Enquiries this week', of: (f) => f.enquiriesThisWeek, section: 'visitingtable' },
];

/** The counsellor's Home: their own students, money and enquiries. */
export function CounsellorOverview({ name }: { name: string }) {
  const figures = useCounsellorFigures();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-lg font-semibold text-slate-900">Welcome, {name}</p>
      <FigureGrid label="Your figures" figures={counsellorFigures} query={figures} />
    </div>
  );
}
