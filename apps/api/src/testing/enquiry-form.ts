import { visitingReasons } from '@app/domain/visiting.schemas';

let phone = 9_800_000_000;

/** A valid Visiting Form body, with a new student number each call (one enquiry per number and standard). */
export function enquiryForm(change: Record<string, unknown> = {}) {
  phone += 1;
  const studentNo = String(phone);
  return {
    studentName: 'Aarav Kulkarni',
    gender: 'Male',
    dob: '2011-06-14',
    address: '12, Shivaji Nagar, Pune',
    pincode: '411005',
    standard: '10th',
    branch: 'Semi-English',
    schoolCollege: 'New English School',
    previousYearPercent: 82.5,
    email: 'aarav@example.com',
    studentNo,
    parentsNo: '9822098220',
    notificationNo: studentNo,
    demoGiven: 'YES',
    reason: visitingReasons[0],
    ...change,
  };
}
