import type { PublicCourse } from '@app/domain/courses.schemas';
import { describe, expect, it } from 'vitest';
import { courseOf, paymentOf } from './registration-payment';

const courses: PublicCourse[] = [
  { id: 4, name: '12th', standard: '12th', branches: ['PCM'], fee: 7900, planKind: 'amount', instalments: [] },
  {
    id: 5,
    name: 'Crash 12th',
    standard: '12th',
    branches: ['PCM'],
    fee: 6000,
    planKind: 'percent',
    instalments: [
      { dueDate: '2026-12-01', value: 50, amount: 3000 },
      { dueDate: '2027-01-15', value: 50, amount: 3000 },
    ],
  },
];

describe('the registration form’s payment (issue 25)', () => {
  it('takes the fee of the chosen course, else of the first course of the payment standard', () => {
    expect(courseOf(courses, { paymentStandard: '12th', courseId: '' })?.id).toBe(4);
    expect(courseOf(courses, { paymentStandard: '12th', courseId: '5' })?.id).toBe(5);
    // A course of another standard is not the fee's.
    expect(courseOf(courses, { paymentStandard: '10th', courseId: '5' })).toBeUndefined();
    expect(paymentOf({ paymentStandard: '12th', amountPaid: '1000' }, courses[0])).toMatchObject({
      totalPaise: 790_000,
      remainingPaise: 690_000,
      planDueDate: null,
    });
  });

  it('shows the plan’s due date: the first instalment what is paid does not cover', () => {
    const crash = courses[1];
    expect(paymentOf({ paymentStandard: '12th', amountPaid: '2999' }, crash).planDueDate).toBe('2026-12-01');
    expect(paymentOf({ paymentStandard: '12th', amountPaid: '3000' }, crash).planDueDate).toBe('2027-01-15');
    expect(paymentOf({ paymentStandard: '12th', amountPaid: '6000' }, crash)).toMatchObject({
      isSettled: true,
      planDueDate: null,
    });
  });
});
