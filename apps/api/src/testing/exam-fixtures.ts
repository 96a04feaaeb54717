import { indianToday, shiftDate } from '@app/domain/dates.rules';
import type { TestApp, TestStaff } from './test-app';

/**
 * Exam-day rows through the API: centres, a counsellor who registers students, papers with dates.
 * Each call makes new rows (unique centre IDs, subject codes and names), so tests stay independent.
 */
export function examFixtures(t: TestApp) {
  let counsellor: TestStaff | undefined;
  let photo: string | undefined;
  let receipt: string | undefined;
  let phone = 0;
  let address = 0;

  const admin = () => t.adminAuth();
  const ok = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
    const response = await t.app.inject({ method, url, headers: await admin(), payload });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  const paper = async (
    subjectCode: number,
    {
      name,
      set = '10th',
      date,
      time = '11:00 AM-2:00 PM',
      maxMarks,
    }: {
      name: string;
      set?: '10th' | '12th';
      date?: string;
      time?: string;
      maxMarks?: number;
    },
  ) => {
    await ok('POST', '/api/admin/addSubject', {
      subjectCode,
      subjectName: name,
      language: 'English',
      standard: set,
      ...(maxMarks ? { maxMarks } : {}),
    });
    if (date) await ok('PUT', `/api/admin/addDates/${subjectCode}`, { examDate: date, examTime: time });
  };

  const flag = async (flagName: 'HALLTICKET' | 'RESULT', on: boolean) => {
    await ok('PUT', `/api/admin/updateSettingFlag/${flagName}`, { flagValue: on ? 'true' : 'false' });
  };

  return {
    async centre(centerId: number, centerName = `Centre ${centerId}`) {
      await ok('POST', '/api/admin/addCenter', {
        centerId,
        centerName,
        collegeName: `${centerName} College`,
        capicity: 5000,
      });
      return centerId;
    },
    paper,
    /** English, Science (out of 80) and Mathematics (10:00 AM) of the 10th, 40, 41 and 42 days from today. */
    async tenthPapers([english, mathematics, science]: readonly [number, number, number]) {
      const day = (n: number) => shiftDate(indianToday(), { days: n });
      await paper(english, { name: 'English', date: day(40) });
      await paper(mathematics, { name: 'Mathematics', date: day(42), time: '10:00 AM-1:00 PM' });
      await paper(science, { name: 'Science', date: day(41), maxMarks: 80 });
    },
    /** Registers a student through the counsellor's form; answers the student ID. */
    async student({
      centerId,
      name,
      mother = 'Sunita Kulkarni',
      standard = '10th',
    }: {
      centerId: number;
      name: string;
      mother?: string;
      standard?: string;
    }): Promise<string> {
      counsellor ??= await t.createStaff({ role: 'counsellor', name: 'Exam Counsellor', branch: 'Pune' });
      photo ??= await t.uploadPhoto(counsellor.headers, { r: 30, g: 90, b: 160 });
      receipt ??= await t.uploadPhoto(counsellor.headers, { r: 160, g: 90, b: 30 });
      phone += 1;
      const number = `98${String(phone).padStart(8, '0')}`;
      const twoYear = standard === '9th+10th' || standard === '11th+12th';
      const group = standard === '11th+12th' || standard === '12th';
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/counsellor/register',
        headers: counsellor.headers,
        payload: {
          studentName: name,
          gender: 'Female',
          dob: twoYear ? '2012-01-10' : '2010-01-10',
          motherName: mother,
          address: '12, Shivaji Nagar, Pune',
          pincode: '411005',
          email: 'student@example.com',
          studentNo: number,
          parentsNo: '9822098220',
          appNo: number,
          notificationNo: number,
          standard,
          previousYear: 'x',
          schoolCollege: 'New English School',
          preYearPercent: 80,
          branch: group ? 'PCM' : 'English',
          examCentre: `${centerId}-x`,
          examYear: 2026,
          receiptNo: '1',
          studentPhoto: photo,
          receiptPhoto: receipt,
          paymentStandard: standard,
          totalamount: 0,
          amountPaid: 1000,
          modeOfPayment: 'Cash',
          amountRemaining: 0,
          dueDate: shiftDate(indianToday(t.app.deps.clock()), { days: 30 }),
        },
      });
      if (response.statusCode !== 201) throw new Error(`register ${name}: ${response.body}`);
      return response.json().studentId as string;
    },
    /** The counsellor who registered `student`'s students and their receipt photo (after the first `student`). */
    registrar() {
      if (!counsellor || !receipt) throw new Error('register a student first');
      return { headers: counsellor.headers, receiptPhoto: receipt };
    },
    flag,
    /** Runs `run` with hall tickets (results) released, and withdraws them again after. */
    async released<T>(flagName: 'HALLTICKET' | 'RESULT', run: () => Promise<T>): Promise<T> {
      await flag(flagName, true);
      try {
        return await run();
      } finally {
        await flag(flagName, false);
      }
    },
    /** A public lookup, from an address of its own unless told, so one test's failure limits touch no other. */
    lookup(path: string, query: Record<string, string>, from = `10.0.0.${++address}`) {
      return t.app.inject({ method: 'GET', url: `/api${path}?${new URLSearchParams(query)}`, remoteAddress: from });
    },
    /** A teacher an admin assigned these centres and papers (Marks Entry shows them only those). */
    async teacher({ centres, papers }: { centres: number[]; papers: number[] }): Promise<TestStaff> {
      const teacher = await t.createStaff({ role: 'teacher' });
      await ok('PUT', `/api/admin/teachers/${teacher.uuid}/assignment`, { centres, papers });
      return teacher;
    },
    async assignSeats(centerId: number) {
      return ok('POST', '/api/admin/seatNumbers/assign', { centerId });
    },
  };
}
