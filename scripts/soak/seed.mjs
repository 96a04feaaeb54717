// The soak's world, made through the API as staff would: counsellors, exam centres, the 10th and 12th
// timetables, students registered with a photo and a first payment, seats, marks, both flags on.
import sharp from 'sharp';
import { loginToken, multipart } from '../bench/harness.mjs';

const examYear = Number(new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format());
export const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const PAPERS = {
  '10th': [
    [9101, 'English'],
    [9102, 'Mathematics'],
    [9103, 'Science'],
  ],
  '12th': [
    [9201, 'Physics'],
    [9202, 'Chemistry'],
    [9203, 'Mathematics'],
  ],
};
export const CENTRES = [1, 2, 3, 4];

/** Fails the seeding at once: a soak on a half-made world measures nothing. */
async function must(server, method, path, token, body, expected = [200, 201]) {
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!expected.includes(response.status)) throw new Error(`soak seed: ${method} ${path} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** `items` through `worker` with at most `width` at once. */
export async function pool(items, width, worker) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await worker(items[index], index);
      }
    }),
  );
}

export async function smallJpeg(shade) {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: { r: shade, g: 120, b: 160 } } })
    .jpeg()
    .toBuffer();
}

/** The registration form as the dashboard sends it, for a student of `standard`. */
export function registration({ name, standard, centre, photo, phone }) {
  return {
    studentName: name,
    gender: phone % 2 === 0 ? 'Female' : 'Male',
    dob: '2010-05-05',
    motherName: `Mother ${name}`,
    address: 'Soak Road',
    pincode: '411005',
    email: 'soak@example.com',
    studentNo: String(phone),
    parentsNo: '9822000000',
    appNo: String(phone),
    notificationNo: String(phone),
    standard,
    schoolCollege: 'Soak School',
    preYearPercent: 80,
    branch: standard === '10th' ? 'English' : 'PCM',
    examCentre: centre,
    amountPaid: 1000,
    dueDate: day(30),
    receiptNo: '1',
    modeOfPayment: 'Cash',
    studentPhoto: photo,
    receiptPhoto: photo,
  };
}

/**
 * Makes the world on `server` and answers it: the counsellors (with a way to sign in and their photo),
 * the seeded students (for lookups and payments) and the acknowledged writes so far.
 */
export async function seedWorld({ server, students, counsellors: counsellorCount, acks }) {
  const admin = await loginToken(server.base);
  const counsellors = [];
  for (let i = 0; i < counsellorCount; i += 1) {
    const email = `soak-${i}-${Date.now()}@soak.test`;
    const password = 'soak-pass-1';
    const { uuid } = (
      await must(server, 'POST', '/api/auth/register', admin, {
        name: `Soak Counsellor ${i}`,
        email,
        role: 'counsellor',
        contactNum: '9822012345',
        branch: 'Soak',
        commission: 10,
        dob: '1990-01-01',
        password,
      })
    ).data;
    const { token } = await must(server, 'POST', '/api/auth/login', undefined, { email, password, role: 'counsellor' });
    const upload = multipart(await smallJpeg(10 + i));
    const uploaded = await fetch(`${server.base}/api/upload-photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': upload.contentType },
      body: upload.body,
    });
    if (uploaded.status !== 201) throw new Error(`soak seed photo: ${uploaded.status} ${await uploaded.text()}`);
    const { imageUrl } = await uploaded.json();
    acks.uploads.push(imageUrl);
    counsellors.push({ uuid, email, password, index: i, token, photo: imageUrl, students: [] });
  }
  for (const centerId of CENTRES) {
    await must(server, 'POST', '/api/admin/addCenter', admin, {
      centerId,
      centerName: `Soak Centre ${centerId}`,
      collegeName: `Soak College ${centerId}`,
      capicity: 100_000,
    });
  }
  let offset = 60;
  for (const [standard, papers] of Object.entries(PAPERS)) {
    for (const [subjectCode, subjectName] of papers) {
      await must(server, 'POST', '/api/admin/addSubject', admin, {
        subjectCode,
        subjectName,
        language: 'English',
        standard,
      });
      await must(server, 'PUT', `/api/admin/addDates/${subjectCode}`, admin, {
        examDate: day(offset),
        examTime: '11:00 AM-2:00 PM',
      });
      offset += 2;
    }
  }

  const seeded = [];
  await pool(
    Array.from({ length: students }, (_, i) => i),
    8,
    async (i) => {
      const counsellor = counsellors[i % counsellors.length];
      const standard = i % 2 === 0 ? '10th' : '12th';
      const name = `Soak Student ${i + 1}`;
      const form = registration({
        name,
        standard,
        centre: CENTRES[i % CENTRES.length],
        photo: counsellor.photo,
        phone: 9_800_000_000 + i,
      });
      const answer = await must(server, 'POST', '/api/counsellor/register', counsellor.token, form, [201]);
      acks.registrations.push({ studentId: answer.studentId, name, counsellor: counsellor.uuid, amountPaise: 100_000 });
      acks.payments.push({ receiptNumber: answer.receiptNumber, studentId: answer.studentId, amountPaise: 100_000 });
      const student = { studentId: answer.studentId, name, motherName: form.motherName, standard };
      counsellor.students.push(student);
      seeded.push(student);
    },
  );
  for (const centerId of CENTRES) {
    const seats = await must(server, 'POST', '/api/admin/seatNumbers/assign', admin, { centerId });
    if (seats.first) acks.seats.push({ first: seats.first, last: seats.last });
  }
  await pool(seeded, 8, async (student, i) => {
    for (const [subjectCode] of PAPERS[student.standard]) {
      await must(server, 'PUT', '/api/exam/marks', admin, {
        studentId: student.studentId,
        subjectCode,
        marks: 35 + ((i * 7 + subjectCode) % 60),
      });
    }
  });
  for (const flag of ['HALLTICKET', 'RESULT']) {
    await must(server, 'PUT', `/api/admin/updateSettingFlag/${flag}`, admin, { flagValue: 'true' });
  }
  return { admin, counsellors, students: seeded, examYear };
}
