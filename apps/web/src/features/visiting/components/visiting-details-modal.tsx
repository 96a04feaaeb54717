import { branchKindOf } from '@app/domain/standards.rules';
import type { VisitingRecord } from '@app/domain/visiting.schemas';
import { Modal } from '@/components/ui/modal';
import { formatDate, formatTime } from '@/lib/format';

type VisitingDetailsModalProps = {
  /** The record shown; the modal is open while set. */
  record: VisitingRecord | null;
  onClose: () => void;
};

const stamp = (value: string) => `${formatDate(value)} ${formatTime(value)}`;

function detailsOf(record: VisitingRecord): [string, string][] {
  return [
    ['Student Name', record.studentName],
    ['Gender', record.gender],
    ['Date of Birth', formatDate(record.dob)],
    ['Mother Name', record.motherName],
    ['Address', record.address],
    ['Pincode', record.pincode],
    ['Standard', record.standard],
    ['Previous Year', record.previousYear],
    [branchKindOf(record.standard) === 'medium' ? 'Medium' : 'Group', record.branch],
    ['School / College', record.schoolCollege],
    ['Previous Year Percentage', `${record.previousYearPercent}%`],
    ['Email', record.email],
    ['Student Number', record.studentNo],
    ['Parent Number', record.parentsNo],
    ['Notification Number', record.notificationNo],
    ['Demo Given', record.demoGiven],
    ['Reason', record.reason],
    ['Registered', record.convertedStudentId ? `Yes, Student ID ${record.convertedStudentId}` : 'Not yet'],
    ['Counsellor', record.counsellor],
    ['Counsellor Branch', record.counsellorBranch || '-'],
    ['Created At', stamp(record.createdAt)],
    ['Updated At', stamp(record.updatedAt)],
  ];
}

/** SPEC §2 Visiting Table: every field of one enquiry. */
export function VisitingDetailsModal({ record, onClose }: VisitingDetailsModalProps) {
  return (
    <Modal isOpen={record !== null} onClose={onClose} title="Visiting Form Details">
      {record && (
        <dl className="divide-y divide-slate-100 text-sm">
          {detailsOf(record).map(([label, value]) => (
            <div key={label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 py-2">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="break-words text-slate-900">{value || '-'}</dd>
            </div>
          ))}
        </dl>
      )}
    </Modal>
  );
}
