import { z } from 'zod';
import { idParam, optionalNumberField, requiredText, whenValid, wholeNumber } from './common.schemas';
import { isCalendarDate } from './dates.rules';
import { flagNames } from './flags.schemas';
import { messages } from './messages';

/**
 * Exam sessions (docs/decisions/007-exam-sessions.md): a season of mock board exams the admin manages.
 * It owns one exam year (its timetable, seat numbers, and the release of hall tickets and results);
 * one session is open for registration.
 */

/** The exam years a session may prepare for (messages.sessionYearInvalid says them). */
export const examYearRange = { min: 2000, max: 2100 } as const;

const examYear = wholeNumber({
  required: messages.sessionYearInvalid,
  invalid: messages.sessionYearInvalid,
  ...examYearRange,
});

const sessionDate = z.preprocess(
  (value) => (value === null || value === '' ? undefined : value),
  z
    .string({ error: (issue) => (issue.input === undefined ? messages.sessionDatesRequired : messages.invalidDate) })
    .trim()
    .refine(isCalendarDate, { error: messages.invalidDate }),
);

/** Create or edit a session (PUT sends every field again). */
export const examSessionRequest = z
  .object({
    name: requiredText(100, messages.sessionNameRequired),
    examYear,
    /** The exam year 9th+10th and 11th+12th registrations of this session sit; the next year unless said. */
    twoYearExamYear: optionalNumberField({
      invalid: messages.sessionTwoYearInvalid,
      min: 2001,
      max: 2101,
      decimals: 0,
    }),
    startsOn: sessionDate,
    endsOn: sessionDate,
    /** Optional, off unless sent true: no hall ticket while a fee instalment is overdue. */
    holdTicketsWhileOverdue: z.boolean({ error: messages.sessionHoldInvalid }).optional(),
  })
  .refine((value) => value.twoYearExamYear === undefined || value.twoYearExamYear > value.examYear, {
    error: messages.sessionTwoYearInvalid,
    path: ['twoYearExamYear'],
    when: whenValid('examYear', 'twoYearExamYear'),
  })
  .refine((value) => value.endsOn >= value.startsOn, {
    error: messages.sessionDatesOrder,
    path: ['endsOn'],
    when: whenValid('startsOn', 'endsOn'),
  });
export type ExamSessionRequest = z.input<typeof examSessionRequest>;

/** A session's id in a path: digits only (' 12 ' or '+5' name no session). */
export const examSessionParams = z.object({
  id: idParam(messages.sessionNotFound),
});

/** Release (or withdraw) a session's hall tickets or results. */
export const releaseSessionRequest = z.object({
  flag: z.enum(flagNames, { error: messages.flagNotFound }),
  released: z.boolean({ error: messages.flagValueInvalid }),
});
export type ReleaseSessionRequest = z.input<typeof releaseSessionRequest>;

export const examSession = z.object({
  id: z.number().int(),
  name: z.string(),
  examYear: z.number().int(),
  twoYearExamYear: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  openForRegistration: z.boolean(),
  hallTicketsReleased: z.boolean(),
  resultsReleased: z.boolean(),
  holdTicketsWhileOverdue: z.boolean(),
  /** Registered students who sit this session's exam year, and its papers. */
  students: z.number().int(),
  papers: z.number().int(),
});
export type ExamSession = z.infer<typeof examSession>;

/** What the registration form needs: the open session and the exam years it gives. */
export const openExamSession = examSession.pick({ id: true, name: true, examYear: true, twoYearExamYear: true });
export type OpenExamSession = z.infer<typeof openExamSession>;

/** Releasing hall tickets seats every student of the session who has none: how many, beside the session. */
export const releaseResponse = z.object({
  message: z.string(),
  data: examSession,
  seatsAssigned: z.number().int(),
});
export type ReleaseResponse = z.infer<typeof releaseResponse>;

/** The name a session gets unless the admin gives one: 'Mock Board Exams 2026-27'. */
export function defaultSessionName(examYear: number): string {
  return `Mock Board Exams ${examYear}-${String((examYear + 1) % 100).padStart(2, '0')}`;
}

/** The dates a session gets unless the admin gives them: 1 June of its exam year to 31 March after. */
export function defaultSessionDates(examYear: number): { startsOn: string; endsOn: string } {
  return { startsOn: `${examYear}-06-01`, endsOn: `${examYear + 1}-03-31` };
}

/** What the admin is told when a release of hall tickets seated students. */
export function seatsAssignedNotice(count: number): string {
  return `Hall tickets released: ${count} ${count === 1 ? 'student' : 'students'} given a seat number`;
}

/** An admin allows a held hall ticket (fee overdue), with the reason: audited. */
export const allowTicketRequest = z.object({
  studentId: requiredText(20, messages.lookupStudentIdRequired),
  reason: requiredText(500, messages.ticketAllowReasonRequired),
});
export type AllowTicketRequest = z.input<typeof allowTicketRequest>;
