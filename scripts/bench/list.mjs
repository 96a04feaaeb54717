// The two-query list GET of the http part: a counsellor's enquiries, a page of 20 of 100 (the page's rows
// and the total count), the enquiries sent through the API first.
import { createCounsellor, load } from './harness.mjs';

const ENQUIRIES = 100;
const LIST_PATH = '/api/counsellor/getVisiting?page=1&limit=20';

/** An enquiry as the Visiting form sends it, with the phone number given (one per student). */
function enquiry(n, phone) {
  return {
    studentName: `Enquiry ${n}`,
    gender: 'Female',
    dob: '2011-06-14',
    address: 'Kothrud, Pune',
    pincode: '411038',
    standard: '10th',
    branch: 'Semi-English',
    schoolCollege: 'Bench School',
    previousYearPercent: 75,
    email: 'enquiry@bench.test',
    studentNo: phone,
    parentsNo: '9822098220',
    notificationNo: phone,
    demoGiven: 'NO',
    reason: 'Other',
    otherReason: 'Bench',
  };
}

/** Seeds a counsellor's enquiries on a running server, then loads the list GET as that counsellor. */
export async function loadList({ base, token, pid, duration }) {
  const counsellor = await createCounsellor(base, token, 'list');
  const headers = { authorization: `Bearer ${await counsellor.login()}` };
  // Numbers of their own each run: a reopened data dir keeps the last run's enquiries.
  const first = 9_000_000_000 + Math.floor(Math.random() * 900_000_000);
  for (let n = 0; n < ENQUIRIES; n += 1) {
    const response = await fetch(`${base}/api/counsellor/visiting`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(enquiry(n, String(first + n))),
    });
    if (response.status !== 201) throw new Error(`bench enquiry: ${response.status} ${await response.text()}`);
  }
  const list = await load({ url: `${base}${LIST_PATH}`, headers, pid, duration });
  return { ...list, path: LIST_PATH };
}
