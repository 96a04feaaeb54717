import { z } from 'zod';
import { optionalNumberField, optionalText, requiredText, wholeNumber } from './common.schemas';
import { messages } from './messages';

/** SPEC §3 Exam centre; `capicity` keeps the spec's spelling on the wire. */
export const MAX_CENTRE_ID = 9999;

export const centerIdSchema = wholeNumber({
  required: messages.centreFieldsRequired,
  invalid: `Centre ID must be a whole number from 1 to ${MAX_CENTRE_ID}`,
  min: 1,
  max: MAX_CENTRE_ID,
});

/** Seats at a centre; missing, null or empty means no seat limit (the spec's add form has no capacity input). */
export const capacitySchema = optionalNumberField({
  invalid: 'Capacity must be a whole number from 0 to 100000',
  min: 0,
  max: 100_000,
  decimals: 0,
}).transform((value) => value ?? null);

const centreFields = {
  centerName: requiredText(100, messages.centreFieldsRequired),
  collegeName: requiredText(200, messages.centreFieldsRequired),
  capicity: capacitySchema,
  /** Where the centre is, shown on the public site; optional, blank means not given. */
  city: cityField(),
};

/** Optional text up to 100 characters; missing or blank becomes null. */
function cityField() {
  return optionalText(100).transform((value) => value ?? null);
}

/** Whether the public site lists the centre: a new centre is not listed unless the admin says so. */
const listedPubliclyField = z.boolean({ error: 'Listed publicly must be true or false' });

export const addCentreRequest = z.object({
  centerId: centerIdSchema,
  ...centreFields,
  listedPublicly: listedPubliclyField.default(false),
});
export type AddCentreRequest = z.input<typeof addCentreRequest>;

/** Without `listedPublicly` (as the existing client sends it) the listing stays as it is. */
export const editCentreRequest = z.object({ ...centreFields, listedPublicly: listedPubliclyField.optional() });
export type EditCentreRequest = z.input<typeof editCentreRequest>;

export const centreParams = z.object({ centerId: centerIdSchema });

export const examCentre = z.object({
  centerId: z.number().int(),
  centerName: z.string(),
  collegeName: z.string(),
  /** null: no seat limit. */
  capicity: z.number().int().nullable(),
  city: z.string().nullable(),
  /** The public site lists it (GET /api/public/examCentres). */
  listedPublicly: z.boolean(),
  /** Students registered at this centre. */
  registeredCount: z.number().int(),
});
export type ExamCentre = z.infer<typeof examCentre>;

/** What the public site shows of a centre: no capacity or registrations. */
export const publicExamCentre = examCentre.pick({ centerId: true, centerName: true, collegeName: true, city: true });
export type PublicExamCentre = z.infer<typeof publicExamCentre>;

/** SPEC §2: the Centre ID is shown padded to 4 digits. */
export function formatCentreId(centerId: number): string {
  return String(centerId).padStart(4, '0');
}
