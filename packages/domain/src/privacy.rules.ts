/**
 * Families' data under the DPDP Act 2023 and its Rules (issue 27): the privacy notice, a parent's
 * consent and what each state of it allows. The server is the authority; the web shows the same words.
 */

/** Every obligation of a data fiduciary is in force from this Indian calendar day (DPDP Rules 2025). */
export const DPDP_IN_FORCE_ON = '2027-05-13';

export type NoticeText = {
  title: string;
  /** One line the forms show beside the link. */
  short: string;
  /** What is collected and why, one purpose a paragraph. */
  purposes: readonly string[];
  rights: string;
};

/**
 * The notice as published. A change of wording is a new version (the server stores each version it has
 * served, `privacy_notices`), and every consent names the version the parent saw.
 */
export const PRIVACY_NOTICE = {
  version: 1,
  en: {
    title: 'Privacy notice',
    short: "We keep your child's details to run the mock exams, fees and messages. Read how, and your rights.",
    purposes: [
      'Enquiry: the student\u2019s and a parent\u2019s name, phone numbers, school and standard, to answer your enquiry.',
      'Registration: the student\u2019s details, photo, date of birth, mother\u2019s name and address, to enrol the student and print the hall ticket.',
      'Fees: payments and receipt photos, kept 8 years as the tax law requires.',
      'Exams: the seat number, marks and result, to publish the result to the student.',
      'Messages: receipts, reminders and results sent to the parent\u2019s phone, only with the parent\u2019s consent.',
    ],
    rights:
      'A parent may ask the institute for a copy of the data, a correction, to withdraw consent (messages stop at once) or to erase what no law requires us to keep.',
  },
  mr: {
    title: 'गोपनीयता सूचना',
    short: 'सराव परीक्षा, शुल्क आणि संदेशांसाठी आम्ही तुमच्या पाल्याची माहिती ठेवतो. कशी ते आणि तुमचे हक्क वाचा.',
    purposes: [
      'चौकशी: तुमच्या चौकशीला उत्तर देण्यासाठी विद्यार्थ्याचे व पालकाचे नाव, फोन नंबर, शाळा आणि इयत्ता.',
      'नोंदणी: विद्यार्थ्याची नोंदणी व प्रवेशपत्रासाठी त्याची माहिती, फोटो, जन्मतारीख, आईचे नाव आणि पत्ता.',
      'शुल्क: भरणा आणि पावतीचे फोटो, कर कायद्यानुसार 8 वर्षे ठेवले जातात.',
      'परीक्षा: निकाल विद्यार्थ्याला देण्यासाठी आसन क्रमांक, गुण आणि निकाल.',
      'संदेश: पावत्या, स्मरणपत्रे आणि निकाल पालकांच्या फोनवर, फक्त पालकांच्या संमतीने.',
    ],
    rights:
      'पालक संस्थेकडे माहितीची प्रत, दुरुस्ती, संमती मागे घेणे (संदेश लगेच थांबतात) किंवा कायद्याने ठेवणे आवश्यक नसलेली माहिती पुसून टाकण्याची मागणी करू शकतात.',
  },
} as const satisfies { version: number; en: NoticeText; mr: NoticeText };

/**
 * Where a student's parent stands:
 * - `held`: registered, no consent yet: no messages, no student sign-in (issue 27);
 * - `given`: consent to the notice and to messages;
 * - `messages_refused`: consent to the notice, messages refused;
 * - `withdrawn`: consent withdrawn: nothing is sent, the student cannot sign in;
 * - `not_recorded`: registered before this product asked (docs/decisions/018-dpdp-consent.md): treated as
 *   before until the Act is in force, then as held.
 */
export const consentStates = ['held', 'given', 'messages_refused', 'withdrawn', 'not_recorded'] as const;
export type ConsentState = (typeof consentStates)[number];

export const consentStateLabels: Record<ConsentState, string> = {
  held: 'Waiting for consent',
  given: 'Consent given',
  messages_refused: 'Consent given, no messages',
  withdrawn: 'Consent withdrawn',
  not_recorded: 'Not recorded (registered earlier)',
};

/** How a consent was verified: a one-time code to the parent's phone, a photo of the signed paper form, the portal. */
export const consentMethods = ['code', 'paper', 'portal', 'link'] as const;
export type ConsentMethod = (typeof consentMethods)[number];
export const consentMethodLabels: Record<ConsentMethod, string> = {
  code: 'Code sent to the parent\u2019s phone',
  paper: 'Signed paper form',
  portal: 'Student portal',
  link: 'The parent, on the link sent to their phone',
};

/** A recorded decision: consent (with or without messages), or its withdrawal. */
export const consentDecisions = ['given', 'messages_refused', 'withdrawn'] as const;
export type ConsentDecision = (typeof consentDecisions)[number];

const isBefore = (today: string, day: string) => today < day;

/** May the product send this student's family a message today? (`today`: the Indian calendar day.) */
export function canMessageState(state: ConsentState, today: string): boolean {
  if (state === 'given') return true;
  if (state === 'not_recorded') return isBefore(today, DPDP_IN_FORCE_ON);
  return false;
}

/** May the student sign in to the portal today? Refusing messages does not stop it; withdrawal does. */
export function canSignInState(state: ConsentState, today: string): boolean {
  if (state === 'given' || state === 'messages_refused') return true;
  if (state === 'not_recorded') return isBefore(today, DPDP_IN_FORCE_ON);
  return false;
}

/** Is the student waiting for a parent's consent today (the admin's list)? */
export function isWaitingForConsent(state: ConsentState, today: string): boolean {
  return state === 'held' || (state === 'not_recorded' && !isBefore(today, DPDP_IN_FORCE_ON));
}

/** The one-time consent code: 6 digits, 10 minutes, 5 wrong tries, 3 sends per student an hour. */
export const CONSENT_CODE = {
  digits: 6,
  validMs: 10 * 60 * 1000,
  maxAttempts: 5,
  sendsPerHour: 3,
} as const;

/**
 * The link to the consent page sent with a code through the provider: 24 random bytes (base64url, 32
 * characters), used once, for 7 days.
 */
export const CONSENT_LINK = {
  tokenPattern: /^[A-Za-z0-9_-]{32}$/,
  validMs: 7 * 24 * 60 * 60 * 1000,
} as const;

/** The consent page's address for a token. */
export const consentLinkPath = (token: string) => `/consent/${token}`;

export const messageLanguages = ['en', 'mr'] as const;
export type MessageLanguage = (typeof messageLanguages)[number];

/** The text that carries the code to the parent. */
export function consentCodeText({
  code,
  studentName,
  language,
}: {
  code: string;
  studentName: string;
  language: MessageLanguage;
}): string {
  return language === 'mr'
    ? `${studentName} च्या नोंदणीसाठी संमती कोड ${code} आहे. गोपनीयता सूचना (आवृत्ती ${PRIVACY_NOTICE.version}) वाचून संमती असल्यास हा कोड समुपदेशकाला सांगा. 10 मिनिटे वैध.`
    : `Consent code for ${studentName}'s registration: ${code}. If you agree to the privacy notice (version ${PRIVACY_NOTICE.version}), tell this code to the counsellor. Valid 10 minutes.`;
}

/** A family's request about its data (DPDP Act ss. 11–13), made through the institute. */
export const dataRequestKinds = ['copy', 'correction', 'withdraw', 'erasure'] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];
export const dataRequestKindLabels: Record<DataRequestKind, string> = {
  copy: 'Copy of the data',
  correction: 'Correction',
  withdraw: 'Withdraw consent',
  erasure: 'Erasure',
};
export const dataRequestStatuses = ['open', 'done', 'refused'] as const;
export type DataRequestStatus = (typeof dataRequestStatuses)[number];

/** The retention rules and the request deadline, with their safe defaults. */
export const PRIVACY_DEFAULTS = {
  requestDays: 90,
  enquiryMonths: 12,
  photoMonths: 6,
  financialYears: 8,
} as const;

/** Is an open request past its due day (Indian calendar)? */
export const isOverdue = (request: { status: DataRequestStatus; dueOn: string }, today: string) =>
  request.status === 'open' && request.dueOn < today;

/** What a breach notice says (DPDP Rules 2025, rule 7): what happened, when, what data, the measures. */
export type BreachNoticeFacts = {
  title: string;
  description: string;
  /** 'DD/MM/YYYY'. */
  discoveredOn: string;
  measures: string;
  institute: string;
  phone: string;
};

/** The intimation to the Data Protection Board of India (rule 7(1) now, the full report within 72 hours). */
export function breachBoardNotice(facts: BreachNoticeFacts & { affected: number; scope: string }): string {
  return [
    'To: The Data Protection Board of India',
    `From: ${facts.institute} (data fiduciary), phone ${facts.phone}`,
    `Subject: Intimation of a personal data breach discovered on ${facts.discoveredOn}`,
    '',
    `Nature of the breach: ${facts.title}. ${facts.description}`,
    `Data principals affected: ${facts.affected} students (children; their parents are being informed), ${facts.scope}.`,
    'Personal data concerned: names, dates of birth, contact numbers, addresses, photos, fees and marks as held for the students above.',
    `Measures taken to contain it and reduce its effect: ${facts.measures}`,
    'A detailed report follows within 72 hours of discovery, as rule 7(2) requires.',
  ].join('\n');
}
