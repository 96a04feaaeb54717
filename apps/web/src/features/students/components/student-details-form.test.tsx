import type { StudentDetail } from '@app/domain/students.schemas';
import { cleanup, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/api-stub';
import { renderInApp } from '@/testing/render-in-app';
import { StudentDetailsForm } from './student-details-form';

const fetchMock = stubFetch();

const asha: StudentDetail = {
  studentId: '2600001',
  studentName: 'Asha Patil',
  gender: 'Female',
  dob: '2010-01-10',
  motherName: 'Sunita Patil',
  address: '12, Shivaji Nagar, Pune',
  pincode: '411005',
  email: 'asha@example.com',
  studentNo: '9822012345',
  parentsNo: '9822054321',
  appNo: '9822012345',
  notificationNo: '9822012345',
  standard: '10th',
  previousYear: '9th',
  schoolCollege: 'New English School',
  preYearPercent: 81.5,
  branch: 'English',
  examCentre: '1-Pune',
  examYear: 2027,
  studentPhoto: '/api/files/asha.jpg',
};

function setup(student: StudentDetail = asha) {
  return renderInApp(<StudentDetailsForm student={student} onClose={vi.fn()} onUpdated={vi.fn()} />);
}

beforeEach(() => {
  fetchMock.mockImplementation(async () =>
    Response.json({ data: [] }, { status: 200, headers: { 'content-type': 'application/json' } }),
  );
});

describe('StudentDetailsForm draft', () => {
  it("keeps the edits typed as this student's draft and offers them back only on this student's form", async () => {
    const first = setup();
    const school = () => screen.getByLabelText(/^School \/ College/);
    await first.user.clear(school());
    await first.user.type(school(), 'Fergusson College');
    cleanup();
    expect(JSON.parse(localStorage.getItem('studentEditDraft:2600001') ?? '{}')).toMatchObject({
      schoolCollege: 'Fergusson College',
      studentName: 'Asha Patil',
    });

    setup({ ...asha, studentId: '2600002', studentName: 'Ravi More' });
    expect(screen.queryByRole('button', { name: 'Load Draft' })).toBeNull();
    cleanup();

    const { user } = setup();
    expect(school()).toHaveProperty('value', 'New English School');
    await user.click(screen.getByRole('button', { name: 'Load Draft' }));
    expect(school()).toHaveProperty('value', 'Fergusson College');
  });
});
