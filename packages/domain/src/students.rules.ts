/** An inactive (withdrawn) student leaves the default lists and gets no seat number, hall ticket or result. */
export const studentStatuses = ['active', 'inactive'] as const;
export type StudentStatus = (typeof studentStatuses)[number];
/** How a status reads on the screens. */
export const studentStatusLabels: Record<StudentStatus, string> = { active: 'Active', inactive: 'Withdrawn' };

/** Why a family withdraws; 'Other' takes the office's own words. */
export const withdrawalReasons = [
  'Left the course',
  'Joined another institute',
  'Moved to another city',
  'Fees not paid',
  'Duplicate registration',
  'Other',
] as const;
export type WithdrawalReason = (typeof withdrawalReasons)[number];

/** The reason kept on a withdrawn student and shown in their history: the listed one, or the office's words for 'Other'. */
export function withdrawalReasonText({
  reason,
  otherReason,
}: {
  reason: WithdrawalReason;
  otherReason?: string | undefined;
}): string {
  return reason === 'Other' ? (otherReason ?? reason) : reason;
}
