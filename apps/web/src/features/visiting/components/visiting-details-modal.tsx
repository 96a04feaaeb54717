import { messages } from '@app/domain/messages';
import { branchKindOf } from '@app/domain/standards.rules';
import type { VisitingRecord } from '@app/domain/visiting.schemas';
import { useState } from 'react';
import { useReopenEnquiry } from '@/api/reopen-enquiry';
import { CloseEnquiryForm } from '@/components/close-enquiry-form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { formatDate, formatTime } from '@/lib/format';
import { EditVisitingForm } from './edit-visiting-form';
import { enquiryStatusOf } from './enquiry-status';

type VisitingDetailsModalProps = {
  /** The record shown; the modal is open while set. */
  record: VisitingRecord | null;
  onClose: () => void;
  /** The record as saved after an edit, a close or a reopen. */
  onChange: (record: VisitingRecord) => void;
};

const stamp = (value: string) => `${formatDate(value)} ${formatTime(value)}`;

function detailsOf(record: VisitingRecord): [string, string][] {
  return [
    ['Status', enquiryStatusOf(record)],
    ...(record.closedAt
      ? ([
          ['Closing Note', record.closedNote ?? ''],
          ['Closed At', stamp(record.closedAt)],
        ] satisfies [string, string][])
      : []),
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

type Mode = 'view' | 'edit' | 'close';

/**
 * SPEC §2 Visiting Table: every field of one enquiry, with its corrections: Edit (the Visiting Form's
 * sections; an open enquiry only), Close with a reason, Reopen. An enquiry registered as a student cannot be closed.
 */
export function VisitingDetailsModal({ record, onClose, onChange }: VisitingDetailsModalProps) {
  const toast = useToast();
  const reopen = useReopenEnquiry();
  const [mode, setMode] = useState<Mode>('view');
  const saved = (next: VisitingRecord) => {
    setMode('view');
    onChange(next);
  };
  const close = () => {
    setMode('view');
    onClose();
  };

  return (
    <Modal
      isOpen={record !== null}
      onClose={close}
      title={mode === 'edit' ? 'Edit Enquiry' : 'Visiting Form Details'}
      size={mode === 'edit' ? 'xl' : 'md'}
    >
      {record && mode === 'edit' && (
        <EditVisitingForm record={record} onSaved={saved} onCancel={() => setMode('view')} />
      )}
      {record && mode === 'close' && (
        <CloseEnquiryForm
          record={record}
          onClosed={(next) => ('gender' in next ? saved(next) : close())}
          onCancel={() => setMode('view')}
        />
      )}
      {record && mode === 'view' && (
        <>
          <div className="mb-3 flex flex-wrap gap-2">
            {/* A closed enquiry is reopened before it is edited (the server refuses otherwise). */}
            {!record.closedAt && (
              <Button size="sm" variant="secondary" onClick={() => setMode('edit')}>
                Edit
              </Button>
            )}
            {record.closedAt ? (
              <Button
                size="sm"
                variant="secondary"
                isLoading={reopen.isPending}
                onClick={() =>
                  reopen.mutate(record.id, {
                    onSuccess: (response) => {
                      toast.success(response.message);
                      if ('gender' in response.data) saved(response.data);
                      else close();
                    },
                  })
                }
              >
                Reopen
              </Button>
            ) : (
              !record.convertedStudentId && (
                <Button size="sm" variant="secondary" onClick={() => setMode('close')}>
                  Close enquiry
                </Button>
              )
            )}
          </div>
          {record.closedAt && <p className="mb-3 text-sm text-slate-600">{messages.enquiryClosedEditReopenFirst}</p>}
          <dl className="divide-y divide-slate-100 text-sm">
            {detailsOf(record).map(([label, value]) => (
              <div key={label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 py-2">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="break-words text-slate-900">{value || '-'}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Modal>
  );
}
