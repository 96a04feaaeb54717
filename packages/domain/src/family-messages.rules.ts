/**
 * Messages to families (issue 26): the kinds of message, the variables a template may use, and how a
 * template becomes the text a parent reads. Pure functions; the server renders, the Templates screen
 * checks as the admin types.
 */

export const messageKinds = [
  'payment_received',
  'instalment_due',
  'instalment_overdue',
  'hall_tickets_released',
  'results_declared',
  'follow_up_reminder',
  'consent_code',
  'breach_notice',
] as const;
export type MessageKind = (typeof messageKinds)[number];

export const messageKindLabels: Record<MessageKind, string> = {
  payment_received: 'Payment received',
  instalment_due: 'Instalment due soon',
  instalment_overdue: 'Instalment overdue',
  hall_tickets_released: 'Hall tickets released',
  results_declared: 'Results declared',
  follow_up_reminder: 'Follow-up reminder',
  consent_code: 'Consent code',
  breach_notice: 'Data breach notice',
};

/** Every variable a template may name, as `{name}`, and what it holds. */
export const templateVariables = {
  studentName: "The student's name",
  studentId: "The student's ID",
  amount: 'An amount in rupees, e.g. ₹1,500',
  dueDate: 'A due date, e.g. 15/01/2027',
  days: 'Days until the due date, or days overdue',
  receiptNumber: 'The receipt number',
  hallTicketLink: 'The hall-ticket page',
  resultLink: 'The result page',
  enquiryName: 'The name on the enquiry',
  followUpDate: 'The next follow-up date',
  code: 'A one-time code',
  consentLink: "The consent page's link (sent with a consent code)",
  breachTitle: 'What the data breach was, in a line',
  breachDescription: 'The data breach described',
  breachMeasures: 'What the institute has done about the breach',
  discoveredOn: 'The day the breach was discovered',
  officePhone: "The office's phone number",
} as const;
export type TemplateVariable = keyof typeof templateVariables;
export const templateVariableNames = Object.keys(templateVariables) as TemplateVariable[];

/** The languages a template is written in, and what a message sends. */
export const messageLanguages = ['both', 'mr', 'en'] as const;
export type MessageLanguage = (typeof messageLanguages)[number];
export const messageLanguageLabels: Record<MessageLanguage, string> = {
  both: 'Marathi, then English',
  mr: 'Marathi',
  en: 'English',
};

/** Where a message stands: `prepared` when no provider is configured (the screen offers a WhatsApp link). */
export const messageStatuses = ['queued', 'sending', 'sent', 'delivered', 'failed', 'prepared', 'skipped'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export const messageStatusLabels: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  prepared: 'Prepared (no provider)',
  skipped: 'Not sent',
};

export const messageTexts = {
  unknownVariable: (names: string[]) =>
    `Unknown variable ${names.map((name) => `{${name}}`).join(', ')}. Use one of: ${templateVariableNames.map((name) => `{${name}}`).join(', ')}.`,
  templateEmpty: 'Write the message in English and in Marathi.',
  templateTooLong: 'A message may have at most 1,000 characters.',
  templateSaved: 'Template saved.',
  jobNotFound: 'Sending job not found.',
  nothingToSend: 'Nobody in this list can receive a message.',
  jobStarted: 'Sending started.',
  retryStarted: 'Failed messages queued again.',
  nothingToRetry: 'No failed messages to retry.',
  consentSaved: 'Saved: this number gets no more messages.',
  consentRestored: 'Saved: this number gets messages again.',
  centreRequired: 'Choose an exam centre.',
  standardRequired: 'Choose a standard.',
  webhookRefused: 'Signature or verify token does not match.',
} as const;

const variablePattern = /\{([^{}\s]{1,40})\}/g;

/** The `{names}` a template uses, in order of first appearance. */
export function variablesIn(text: string): string[] {
  const seen: string[] = [];
  for (const match of text.matchAll(variablePattern)) {
    const name = match[1] as string;
    if (!seen.includes(name)) seen.push(name);
  }
  return seen;
}

/** Names in `{…}` that are not template variables (a typo, or a variable we do not know). */
export function unknownVariables(text: string): string[] {
  return variablesIn(text).filter((name) => !(templateVariableNames as string[]).includes(name));
}

export type TemplateValues = Partial<Record<TemplateVariable, string>>;

/** The text with every `{variable}` replaced; a variable without a value reads as nothing (never `{x}`). */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(variablePattern, (whole, name: string) =>
    (templateVariableNames as string[]).includes(name) ? (values[name as TemplateVariable] ?? '') : whole,
  );
}

/** The message a parent gets in the chosen language(s): Marathi first when both. */
export function renderMessage(
  template: { bodyEn: string; bodyMr: string },
  language: MessageLanguage,
  values: TemplateValues,
): string {
  const mr = renderTemplate(template.bodyMr, values).trim();
  const en = renderTemplate(template.bodyEn, values).trim();
  if (language === 'mr') return mr;
  if (language === 'en') return en;
  return `${mr}\n\n${en}`;
}

/** A parent's reply that stops messages (WhatsApp and SMS conventions, and the Marathi word). */
export function isStopReply(text: string): boolean {
  const word = text
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, '');
  return ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'थांबवा', 'बंद'].includes(word);
}

/** A reply that asks for messages again. */
export function isStartReply(text: string): boolean {
  const word = text
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, '');
  return ['START', 'UNSTOP', 'सुरू'].includes(word);
}

/** The retry delay after `attempt` failures: 30 s, 1 min, 2 min … capped at 1 hour, with ±20% jitter. */
export function backoffMs(attempt: number, random: number = Math.random()): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(base * (0.8 + 0.4 * random));
}

/** How many times a message is tried before it fails for good. */
export const MAX_ATTEMPTS = 6;

/** The templates a new database starts with (an admin rewrites them on the Templates screen). */
export const defaultTemplates: Record<MessageKind, { bodyEn: string; bodyMr: string }> = {
  payment_received: {
    bodyEn:
      'Dear parent, we have received {amount} for {studentName} (ID {studentId}). Receipt number {receiptNumber}. Thank you.',
    bodyMr:
      'प्रिय पालक, {studentName} (आयडी {studentId}) यांच्या शुल्कापोटी {amount} मिळाले आहेत. पावती क्रमांक {receiptNumber}. धन्यवाद.',
  },
  instalment_due: {
    bodyEn:
      'Dear parent, the next instalment of {amount} for {studentName} is due on {dueDate} ({days} days from today). Please pay at the office.',
    bodyMr:
      'प्रिय पालक, {studentName} यांच्या शुल्काचा पुढील हप्ता {amount} दिनांक {dueDate} रोजी ({days} दिवसांनी) देय आहे. कृपया कार्यालयात भरणा करावा.',
  },
  instalment_overdue: {
    bodyEn:
      'Dear parent, the instalment of {amount} for {studentName} was due on {dueDate} and is {days} days overdue. Please pay at the earliest.',
    bodyMr:
      'प्रिय पालक, {studentName} यांच्या शुल्काचा हप्ता {amount} दिनांक {dueDate} रोजी देय होता; त्यास {days} दिवस उशीर झाला आहे. कृपया लवकरात लवकर भरणा करावा.',
  },
  hall_tickets_released: {
    bodyEn: 'Dear parent, the hall ticket of {studentName} is ready. Download it here: {hallTicketLink}',
    bodyMr: 'प्रिय पालक, {studentName} यांचे प्रवेशपत्र (हॉल तिकीट) तयार आहे. येथून डाउनलोड करा: {hallTicketLink}',
  },
  results_declared: {
    bodyEn: 'Dear parent, the result of {studentName} (ID {studentId}) is declared. See it here: {resultLink}',
    bodyMr: 'प्रिय पालक, {studentName} (आयडी {studentId}) यांचा निकाल जाहीर झाला आहे. येथे पाहा: {resultLink}',
  },
  follow_up_reminder: {
    bodyEn:
      'Dear parent, thank you for your enquiry about {enquiryName}. We will call you on {followUpDate}; for questions call {officePhone}.',
    bodyMr:
      'प्रिय पालक, {enquiryName} यांच्याबद्दल चौकशी केल्याबद्दल धन्यवाद. आम्ही आपल्याला {followUpDate} रोजी संपर्क करू; काही शंका असल्यास {officePhone} वर कॉल करा.',
  },
  consent_code: {
    bodyEn:
      'Your one-time code is {code}. Tell it only to our counsellor. Or read the privacy notice and answer yourself here: {consentLink}',
    bodyMr:
      'आपला एक-वेळ कोड {code} आहे. तो फक्त आमच्या समुपदेशकाला सांगा. किंवा गोपनीयता सूचना वाचून येथे स्वतः उत्तर द्या: {consentLink}',
  },
  breach_notice: {
    bodyEn: [
      'Dear parent of {studentName},',
      "On {discoveredOn} we found a personal data breach that may affect your child's details: {breachTitle}. {breachDescription}",
      'What we have done: {breachMeasures}',
      'What you can do: be careful of calls or messages that ask for money or passwords in our name. For questions, call {officePhone}.',
    ].join('\n'),
    bodyMr: [
      '{studentName} यांच्या पालकांना,',
      '{discoveredOn} रोजी आम्हाला वैयक्तिक माहितीचा भंग आढळला, ज्याचा तुमच्या पाल्याच्या माहितीवर परिणाम होऊ शकतो: {breachTitle}. {breachDescription}',
      'आम्ही केलेली कार्यवाही: {breachMeasures}',
      'तुम्ही काय करू शकता: आमच्या नावाने पैसे किंवा पासवर्ड मागणाऱ्या कॉल किंवा संदेशांपासून सावध रहा. प्रश्नांसाठी {officePhone} वर कॉल करा.',
    ].join('\n'),
  },
};

/** An amount as a parent reads it: ₹1,500 or ₹1,500.50. */
export function rupeesText(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
}

/** A calendar date ('2027-01-15') as day/month/year. */
export function dayMonthYear(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** Whole days from `from` to `to` (ISO dates), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A wa.me link that opens WhatsApp with the text, addressed to the Indian number (no provider needed). */
export function whatsAppLinkFor(phone: string, text: string): string {
  return `https://wa.me/91${phone.replace(/\D/g, '').slice(-10)}?text=${encodeURIComponent(text)}`;
}
