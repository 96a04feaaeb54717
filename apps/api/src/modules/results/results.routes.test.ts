import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { failureKeys } from '../../lib/failure-limits';
import { examFixtures } from '../../testing/exam-fixtures';
import { pdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { LOOKUP_FAILURES } from './lookup.service';

let t: TestApp;
/** The failure counters' clock: moved forward to end a window. */
let now = Date.now();
const attempts = memoryAttemptStore(() => now);
let fx: ReturnType<typeof examFixtures>;
const day = (n: number) => shiftDate(indianToday(), { days: n });

// Papers of this file's exam: three 10th papers and three 12th papers (one of each out of 80). Only the
// ranks test enters every 12th paper, so its overall ranks count only the students it made.
beforeAll(async () => {
  t = await createTestApp({ attempts });
  fx = examFixtures(t);
  await fx.tenthPapers([101, 102, 103]);
  await fx.paper(201, { name: 'Physics', set: '12th', date: day(40) });
  await fx.paper(202, { name: 'Chemistry', set: '12th', date: day(43) });
  await fx.paper(203, { name: 'Biology', set: '12th', date: day(41), maxMarks: 80 });
});
afterAll(() => t.close());

describe('public lookups and the QR code page', () => {
  describe('failure limits (lib/failure-limits.ts, LOOKUP_FAILURES)', () => {
    const wrong = (studentId: string) => ({ studentName: 'Not Them', studentId, motherName: 'Y' });
    /** Others' failures, put straight into the attempt store as the service would count them. */
    const othersFailed = (keys: string[]) =>
      Promise.all(keys.map((key) => attempts.hit(key, LOOKUP_FAILURES.windowMs)));

    it('refuses an ID from an address after its own 10 failures, 429 with Retry-After, until the window ends', async () => {
      const centerId = await fx.centre(60);
      const studentId = await fx.student({ centerId, name: 'Own Typos', mother: 'M' });
      await fx.assignSeats(centerId);
      const right = { studentName: 'Own Typos', studentId, motherName: 'M' };
      await fx.released('HALLTICKET', async () => {
        for (let n = 0; n < LOOKUP_FAILURES.own; n += 1) {
          expect((await fx.lookup('/pdf/generate-preview', wrong(studentId), '10.20.0.1')).statusCode).toBe(403);
        }
        const limited = await fx.lookup('/pdf/generate-preview', right, '10.20.0.1');
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBe(LOOKUP_FAILURES.windowMs / 1000);
        expect(limited.json().message).toBe(messages.tooManyLookups);
        expect((await fx.lookup('/result/fetch', right, '10.20.0.1')).statusCode).toBe(429);
        // Another ID from the same address, and this ID from another address, are answered.
        // (an ID no test registers: another test's student may be under pressure from its own failures)
        expect((await fx.lookup('/pdf/generate-preview', wrong('2699999'), '10.20.0.1')).statusCode).toBe(403);
        expect((await fx.lookup('/pdf/generate-preview', right, '10.20.0.2')).statusCode).toBe(200);
        now += LOOKUP_FAILURES.windowMs;
        expect((await fx.lookup('/pdf/generate-preview', right, '10.20.0.1')).statusCode).toBe(200);
      });
    });

    it('counts failures per ID across addresses: past 20, an address may have 3 of its own; a clean one is answered', async () => {
      const centerId = await fx.centre(61);
      const studentId = await fx.student({ centerId, name: 'Much Tried', mother: 'M' });
      await fx.assignSeats(centerId);
      const right = { studentName: 'Much Tried', studentId, motherName: 'M' };
      await fx.released('HALLTICKET', async () => {
        // 20 addresses fail this ID once each: under pressure, though no address is past its own limit.
        for (let n = 1; n <= LOOKUP_FAILURES.subject; n += 1) {
          expect((await fx.lookup('/pdf/generate-preview', wrong(studentId), `10.21.1.${n}`)).statusCode).toBe(403);
        }
        for (let n = 0; n < LOOKUP_FAILURES.ownUnderPressure; n += 1) {
          expect((await fx.lookup('/pdf/generate-preview', wrong(studentId), '10.21.2.1')).statusCode).toBe(403);
        }
        expect((await fx.lookup('/pdf/generate-preview', wrong(studentId), '10.21.2.1')).statusCode).toBe(429);
        expect((await fx.lookup('/pdf/generate-preview', right, '10.21.2.1')).statusCode).toBe(429);
        // The student, from an address that has not failed this ID, is answered; a mistype still says which part.
        const mother = await fx.lookup('/pdf/generate-preview', { ...right, motherName: 'N' }, '10.21.3.1');
        expect([mother.statusCode, mother.json().message]).toEqual([404, messages.lookupMotherMismatch]);
        expect((await fx.lookup('/pdf/generate-preview', right, '10.21.3.1')).statusCode).toBe(200);
        // A right answer clears the asker's own failure: more room for the next typo.
        expect((await fx.lookup('/pdf/generate-preview', wrong(studentId), '10.21.3.1')).statusCode).toBe(403);
        expect((await fx.lookup('/pdf/generate-preview', wrong(studentId), '10.21.3.1')).statusCode).toBe(403);
        expect((await fx.lookup('/pdf/generate-preview', right, '10.21.3.1')).statusCode).toBe(200);
      });
    });

    it("answers a correct lookup from an address with many others' failures (CGNAT); refuses it past 300", async () => {
      const centerId = await fx.centre(62);
      const studentId = await fx.student({ centerId, name: 'Behind Nat', mother: 'M' });
      await fx.assignSeats(centerId);
      const right = { studentName: 'Behind Nat', studentId, motherName: 'M' };
      const nat = '10.22.0.1';
      const failed = (id: string) => failureKeys(LOOKUP_FAILURES, { subject: id, ip: nat });
      await fx.released('RESULT', async () => {
        // 299 failures of other families behind the address (298 counted before, one now), and this ID
        // under pressure from 25 failures elsewhere.
        for (let n = 0; n < LOOKUP_FAILURES.address - 2; n += 1) {
          await othersFailed(Object.values(failed(String(2700000 + n))));
        }
        for (let n = 0; n < 25; n += 1) {
          expect((await fx.lookup('/result/fetch', wrong(studentId), `10.22.1.${n}`)).statusCode).toBe(403);
        }
        expect((await fx.lookup('/result/fetch', wrong('2800000'), nat)).statusCode).toBe(403);
        expect(await attempts.count(failed(studentId).address)).toBe(LOOKUP_FAILURES.address - 1);
        const answer = await fx.lookup('/result/fetch', right, nat);
        expect([answer.statusCode, answer.json().studentName]).toEqual([200, 'Behind Nat']);
        // The 300th failure from the address: a walker stops there, whoever they share it with.
        expect((await fx.lookup('/result/fetch', wrong('2800001'), nat)).statusCode).toBe(403);
        expect((await fx.lookup('/result/fetch', right, nat)).statusCode).toBe(429);
        expect((await fx.lookup('/result/fetch', right, '10.22.0.2')).statusCode).toBe(200);
      });
    });
  });

  it("the QR code's page confirms a genuine ticket and refuses a forged or altered code", async () => {
    const centerId = await fx.centre(4, 'Nashik Road');
    const studentId = await fx.student({ centerId, name: 'Verify Me', mother: 'M' });
    await fx.assignSeats(centerId);
    const response = await fx.released('HALLTICKET', () =>
      fx.lookup('/pdf/generate-preview', { studentName: 'Verify Me', studentId, motherName: 'M' }),
    );
    const url = /\/verify\/(\S+)/.exec(pdfText(response.rawPayload).replace(/\s+Scan to verify/, ''));
    // The code is in the QR, not in the text: sign one the same way the ticket does.
    const seatNumber = /S\d{2}-\d{5}/.exec(pdfText(response.rawPayload))?.[0] ?? '';
    const code = t.app.deps.ticketSigner.sign({ studentId, seatNumber });
    expect(url).toBeNull();
    const good = await t.app.inject({ method: 'GET', url: `/api/public/verify/${code}` });
    expect(good.json()).toEqual({
      valid: true,
      message: messages.ticketValid,
      studentName: 'Verify Me',
      seatNumber,
      centre: 'Nashik Road, Nashik Road College',
      examYear: expect.any(Number),
    });
    const otherSeat = seatNumber.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const signature = code.split('.')[2] ?? '';
    const altered = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [
      code.replace(seatNumber, otherSeat),
      code.replace(signature, altered),
      `1.${seatNumber}.AAAAAAAAAAAAAAAAAAAAAA`,
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/public/verify/${encodeURIComponent(forged)}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ valid: false, message: messages.ticketForged });
    }
    // Not even the shape of a code: refused before any signature is checked, with the same words.
    for (const junk of ['abc', '../../etc/passwd', `${code}x`]) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/public/verify/${encodeURIComponent(junk)}` });
      expect([answer.statusCode, answer.json().message]).toEqual([400, messages.ticketForged]);
    }
  });

  it("verifies only the canonical spelling of a code's last character, and limits forged codes like lookups", async () => {
    const centerId = await fx.centre(5);
    const studentId = await fx.student({ centerId, name: 'Canon Code', mother: 'M' });
    await fx.assignSeats(centerId);
    const [row] = await t.app.deps.db
      .select({ seatNumber: students.seatNumber })
      .from(students)
      .where(eq(students.studentId, studentId));
    const seatNumber = row?.seatNumber ?? '';
    const code = t.app.deps.ticketSigner.sign({ studentId, seatNumber });
    const verify = (candidate: string, address = '10.30.0.1') =>
      t.app.inject({ method: 'GET', url: `/api/public/verify/${candidate}`, remoteAddress: address });
    // 128 bits in 22 characters: the last one carries 2 bits, so 16 characters decode to the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const bytes = (text: string) => Buffer.from(text.split('.')[2] ?? '', 'base64url').toString('hex');
    const spellings = [...alphabet]
      .map((last) => `${code.slice(0, -1)}${last}`)
      .filter((spelling) => bytes(spelling) === bytes(code));
    expect(spellings).toHaveLength(16);
    const answers = await Promise.all(spellings.map(async (spelling) => (await verify(spelling)).json().valid));
    expect(spellings.filter((_, i) => answers[i] === true)).toEqual([code]);

    const forged = code.replace(/.$/, (last) => (last === 'A' ? 'Q' : 'A'));
    for (let n = 0; n < LOOKUP_FAILURES.own; n += 1) {
      expect((await verify(forged, '10.30.0.2')).json()).toEqual({ valid: false, message: messages.ticketForged });
    }
    const limited = await verify(code, '10.30.0.2');
    expect([limited.statusCode, limited.json().message]).toEqual([429, messages.tooManyLookups]);
    expect((await verify(code, '10.30.0.3')).json().valid).toBe(true);
  });
});

describe('results', () => {
  const put = async (headers: { authorization: string }, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/exam/marks', headers, payload });

  it('results: hand-checked totals, grades, percentage, ranks in the centre and overall', async () => {
    const a = await fx.centre(20);
    const b = await fx.centre(21);
    const students = {
      asha: await fx.student({ centerId: a, name: 'Asha R', mother: 'M', standard: '12th' }),
      bela: await fx.student({ centerId: a, name: 'Bela R', mother: 'M', standard: '12th' }),
      chitra: await fx.student({ centerId: b, name: 'Chitra R', mother: 'M', standard: '12th' }),
      dev: await fx.student({ centerId: b, name: 'Dev R', mother: 'M', standard: '12th' }),
    };
    const admin = await t.adminAuth();
    // Physics /100, Chemistry /100, Biology /80.
    const marks: Record<keyof typeof students, [number, number, number | null]> = {
      asha: [85, 92, 70], // 247/280 = 88.21 %, A; ranks: centre 1, overall 2
      bela: [90, 30, 60], // 180/280 = 64.29 %, FAIL (Chemistry 30 < 35)
      chitra: [95, 95, 75], // 265/280 = 94.64 %, A+; centre 1, overall 1
      dev: [60, 70, null], // Biology not entered: PENDING, no rank
    };
    for (const [name, [physics, chemistry, biology]] of Object.entries(marks)) {
      const studentId = students[name as keyof typeof students];
      await put(admin, { studentId, subjectCode: 201, marks: physics });
      await put(admin, { studentId, subjectCode: 202, marks: chemistry });
      await put(admin, { studentId, subjectCode: 203, marks: biology });
    }
    const fetchResult = (name: string, studentId: string) =>
      fx.lookup('/result/fetch', { studentName: name, studentId, motherName: 'm' });
    const closed = await fetchResult('Asha R', students.asha);
    expect([closed.statusCode, closed.json().message]).toEqual([409, messages.resultNotDeclared]);

    await fx.released('RESULT', async () => {
      const asha = (await fetchResult('asha r', students.asha)).json();
      expect(asha).toMatchObject({
        studentName: 'Asha R',
        class: '12th',
        totalObtained: 247,
        totalMaximum: 280,
        percentage: '88.21',
        grade: 'A',
        result: 'PASS',
        centreRank: 1,
        overallRank: 2,
      });
      expect(
        asha.subjects.map((s: { subjectName: string; marks: number; grade: string }) => [
          s.subjectName,
          s.marks,
          s.grade,
        ]),
      ).toEqual([
        ['Physics', 85, 'A'],
        ['Biology', 70, 'A'],
        ['Chemistry', 92, 'A+'],
      ]);
      expect((await fetchResult('Bela R', students.bela)).json()).toMatchObject({
        result: 'FAIL',
        percentage: '64.29',
        centreRank: 2,
        overallRank: 3,
      });
      expect((await fetchResult('Chitra R', students.chitra)).json()).toMatchObject({
        grade: 'A+',
        centreRank: 1,
        overallRank: 1,
      });
      expect((await fetchResult('Dev R', students.dev)).json()).toMatchObject({
        result: 'PENDING',
        centreRank: null,
        overallRank: null,
      });
      const wrong = await fx.lookup('/result/fetch', {
        studentName: 'Asha R',
        studentId: students.asha,
        motherName: 'x',
      });
      expect(wrong.statusCode).toBe(404);

      const sheet = await fx.lookup('/result/marksheet', {
        studentName: 'Asha R',
        studentId: students.asha,
        motherName: 'M',
      });
      expect(sheet.statusCode).toBe(200);
      const text = pdfText(sheet.rawPayload);
      for (const expected of ['Asha R', 'Physics', 'Chemistry', 'Biology', '247', '88.21%', 'PASS'])
        expect(text).toContain(expected);

      // Ranks are the database's, not a copy in this process: a mark changed after publication (by an
      // admin) moves them on the very next lookup, as it would behind a second API instance.
      await put(admin, { studentId: students.bela, subjectCode: 202, marks: 100 }); // Bela 250/280
      expect((await fetchResult('Asha R', students.asha)).json()).toMatchObject({ centreRank: 2, overallRank: 3 });
      expect((await fetchResult('Bela R', students.bela)).json()).toMatchObject({
        result: 'PASS',
        centreRank: 1,
        overallRank: 2,
      });
    });
  });
});
