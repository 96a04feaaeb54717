import type { WithdrawalReason } from './students.schemas';

/** An inactive (withdrawn) student leaves the default lists and gets no seat number, hall ticket or result. */
export const studentStatuses = ['active', 'inactive'] as const;
export type StudentStatus = (typeof studentStatuses)[number];

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
