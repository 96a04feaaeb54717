import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { examFixtures } from '../../testing/exam-fixtures';
import { pdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Results that say what is true (issue 21): AB fails a paper and counts 0, a paper not entered leaves the
 * result pending, and the marksheet and the verification page say the same.
 */
let t: TestApp;
let fx: ReturnType<typeof examFixtures>;

// This file's exam: English and Mathematics out of 100, Science out of 80 (10th).
beforeAll(async () => {
  t = await createTestApp({ attempts: memoryAttemptStore() });
  fx = examFixtures(t);
  await fx.tenthPapers([1001, 1002, 1003]);
});
afterAll(() => t.close());

const put = (headers: { authorization: string }, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/exam/marks', headers, payload });

describe('results that say what is true', () => {
  const fetchResult = (name: string, studentId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/result/fetch?${new URLSearchParams({ studentName: name, studentId, motherName: 'M' })}`,
    });
  const marksheet = async (name: string, studentId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/result/marksheet?${new URLSearchParams({ studentName: name, studentId, motherName: 'M' })}`,
    });

  it('AB fails the paper and counts 0; a paper not entered leaves the result pending; absent from all is ABSENT', async () => {
    const centerId = await fx.centre(201);
    const admin = await t.adminAuth();
    const names = ['Pass AB', 'Fail AB', 'Pending AB', 'Absent AB'] as const;
    const ids: Record<string, string> = {};
    for (const name of names) ids[name] = await fx.student({ centerId, name, mother: 'M' });
    await fx.assignSeats(centerId);
    // English /100, Mathematics /100, Science /80.
    const entries: Record<(typeof names)[number], [number | 'AB' | null, number | 'AB' | null, number | 'AB' | null]> =
      {
        'Pass AB': [80, 70, 60], // 210/280 = 75.00 %, PASS, rank 1
        'Fail AB': [100, 'AB', 80], // 180/280 = 64.29 %, FAIL (absent from Mathematics), rank 2
        'Pending AB': [90, null, 'AB'], // Mathematics not entered: pending
        'Absent AB': ['AB', 'AB', 'AB'], // ABSENT, no rank
      };
    for (const [name, [english, maths, science]] of Object.entries(entries)) {
      for (const [subjectCode, value] of [
        [1001, english],
        [1002, maths],
        [1003, science],
      ] as const) {
        if (value !== null) {
          expect((await put(admin, { studentId: ids[name], subjectCode, marks: value })).statusCode).toBe(200);
        }
      }
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/results/missing', headers: admin });
    expect(missing.statusCode).toBe(200);
    // Every other student of this file's exam year counts too: this centre adds one paper of one student.
    const before = missing.json();
    expect(before.papers).toBeGreaterThanOrEqual(1);
    await put(admin, { studentId: ids['Pending AB'], subjectCode: 1002, marks: 50 });
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/results/missing', headers: admin })).json();
    expect([before.students - after.students, before.papers - after.papers]).toEqual([1, 1]);
    await put(admin, { studentId: ids['Pending AB'], subjectCode: 1002, marks: null });
    // The existing client's switch still declares without asking, marks missing or not.
    const declare = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/updateSettingFlag/RESULT',
      headers: admin,
      payload: { flagValue: 'true' },
    });
    expect(declare.statusCode).toBe(200);
    await fx.flag('RESULT', false);
    const teacher = await t.createStaff({ role: 'teacher' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/results/missing', headers: teacher.headers })).statusCode,
    ).toBe(403);

    await fx.released('RESULT', async () => {
      expect((await fetchResult('Pass AB', ids['Pass AB'] ?? '')).json()).toMatchObject({
        result: 'PASS',
        totalObtained: 210,
        percentage: '75.00',
        centreRank: 1,
      });
      const fail = (await fetchResult('Fail AB', ids['Fail AB'] ?? '')).json();
      expect(fail).toMatchObject({ result: 'FAIL', totalObtained: 180, percentage: '64.29', centreRank: 2 });
      expect(fail.subjects.map((s: { marks: number | null; absent: boolean }) => [s.marks, s.absent])).toEqual([
        [100, false],
        [80, false],
        [null, true],
      ]);
      expect((await fetchResult('Pending AB', ids['Pending AB'] ?? '')).json()).toMatchObject({
        result: 'PENDING',
        totalObtained: null,
        percentage: null,
        grade: null,
        centreRank: null,
        overallRank: null,
      });
      expect((await fetchResult('Absent AB', ids['Absent AB'] ?? '')).json()).toMatchObject({
        result: 'ABSENT',
        percentage: null,
        centreRank: null,
      });

      const pending = await marksheet('Pending AB', ids['Pending AB'] ?? '');
      expect(pending.statusCode).toBe(200);
      const text = pdfText(pending.rawPayload);
      expect(text).toContain('Provisional Statement of Marks');
      expect(text).toContain('PROVISIONAL');
      expect(text).toContain('Result pending');
      expect(text).not.toContain('Absent ');
      expect(text).not.toMatch(/\d+\.\d\d%/);
      const line = (subject: string) => text.split('\n').find((l) => l.trim().startsWith(subject)) ?? '';
      expect(line('Mathematics')).toMatch(/Mathematics\s+—\s+100\s+—/);
      expect(line('Science')).toMatch(/Science\s+AB\s+80/);
      expect(line('English')).toMatch(/English\s+90\s+100\s+A\+/);

      const failed = pdfText((await marksheet('Fail AB', ids['Fail AB'] ?? '')).rawPayload);
      expect(failed).not.toContain('Provisional');
      expect(failed).toContain('64.29%');
      expect(failed).toMatch(/Mathematics\s+AB\s+100/);
      expect(failed).toContain('FAIL');
    });
  });

  it("the marksheet's QR code opens the verification page, which confirms the result summary once declared", async () => {
    const centerId = await fx.centre(202);
    const admin = await t.adminAuth();
    const studentId = await fx.student({ centerId, name: 'Verify Sheet', mother: 'M' });
    await fx.assignSeats(centerId);
    for (const [subjectCode, value] of [
      [1001, 90],
      [1002, 80],
      [1003, 'AB'],
    ] as const) {
      await put(admin, { studentId, subjectCode, marks: value });
    }
    const sheet = await fx.released('RESULT', () => marksheet('Verify Sheet', studentId));
    expect(sheet.statusCode).toBe(200);
    expect(pdfText(sheet.rawPayload)).toContain('Scan to verify');
    const dir = mkdtempSync(path.join(tmpdir(), 'marksheet-'));
    let images: string;
    try {
      writeFileSync(path.join(dir, 'm.pdf'), sheet.rawPayload);
      images = execFileSync('pdfimages', ['-list', path.join(dir, 'm.pdf')], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The student's photo is embedded (the QR code is drawn as vectors).
    expect(images.split('\n').filter((l) => /^\s+\d+\s+\d+\s+image/.test(l))).toHaveLength(1);

    // The code the marksheet's QR holds: the student's signed ID and seat, as on the hall ticket.
    const student = (
      await fx.released('RESULT', () =>
        t.app.inject({
          method: 'GET',
          url: `/api/result/fetch?${new URLSearchParams({ studentName: 'Verify Sheet', studentId, motherName: 'M' })}`,
        }),
      )
    ).json();
    const code = t.app.deps.ticketSigner.sign({ studentId, seatNumber: student.seatNumber });
    const verify = () => t.app.inject({ method: 'GET', url: `/api/public/verify/${code}` });
    expect((await verify()).json().result).toBeUndefined();
    const declared = await fx.released('RESULT', verify);
    expect(declared.json()).toMatchObject({
      valid: true,
      studentName: 'Verify Sheet',
      result: { result: 'FAIL', totalObtained: 170, totalMaximum: 280, percentage: '60.71', grade: null },
    });
  });
});
