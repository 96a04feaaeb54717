import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { studentStatusLabels, withdrawalReasons } from '@app/domain/students.rules';
import { type StudentDetail, type WithdrawStudentInput, withdrawStudentRequest } from '@app/domain/students.schemas';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver } from '@/lib/form-schema';
import { formatDate } from '@/lib/format';
import { useReactivateStudent, useWithdrawStudent } from '../api/change-student-status';

type Values = FormText<typeof withdrawStudentRequest, 'reason' | 'otherReason' | 'withdrawnOn'>;

const resolver = formResolver<Values, typeof withdrawStudentRequest>(withdrawStudentRequest);
const isField = (path: string): path is keyof Values =>
  path === 'reason' || path === 'otherReason' || path === 'withdrawnOn';
const reasonOptions = [
  { value: '', label: 'Select reason' },
  ...withdrawalReasons.map((reason) => ({ value: reason, label: reason })),
];

/** Withdraw: why (a listed reason, or the office's words) and since when. */
function WithdrawForm({ studentId, onClose }: { studentId: string; onClose: () => void }) {
  const toast = useToast();
  const withdraw = useWithdrawStudent();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, WithdrawStudentInput>({
    resolver,
    defaultValues: { reason: '', otherReason: '', withdrawnOn: indianToday() },
  });
  const reason = useWatch({ control, name: 'reason' });
  const bind = fieldBinder(register, errors);
  const onSubmit = handleSubmit((valid) =>
    withdraw.mutate(
      { studentId, body: valid },
      {
        onSuccess: () => {
          toast.success(messages.studentWithdrawn);
          onClose();
        },
        onError: (error) =>
          showFormError(error, { setError, isField, toastError: toast.error, fallback: messages.studentStatusError }),
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Withdraw student" className="mt-3 flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Reason" options={reasonOptions} required {...bind('reason')} />
        <Input label="Withdrawn on" type="date" max={indianToday()} required {...bind('withdrawnOn')} />
        {reason === 'Other' && (
          <Input label="Other reason" required maxLength={200} autoComplete="off" {...bind('otherReason')} />
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" isLoading={withdraw.isPending}>
          Withdraw Student
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Edit Student (admin), Status: active, or withdrawn with the reason and date. Withdraw asks why and
 * when; Make Active brings the student back (with a seat at once when hall tickets are out).
 */
export function StudentStatusPanel({ student }: { student: StudentDetail }) {
  const toast = useToast();
  const reactivate = useReactivateStudent();
  const [isWithdrawing, setIsWithdrawing] = useState(false);
  const isWithdrawn = student.status === 'inactive';
  const makeActive = () =>
    reactivate.mutate(
      { studentId: student.studentId, body: undefined },
      { onSuccess: () => toast.success(messages.studentMadeActive) },
    );
  return (
    <section
      aria-labelledby="student-status"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="student-status" className="text-base font-semibold text-slate-900 sm:text-lg">
        Status
      </h2>
      {isWithdrawn ? (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {studentStatusLabels.inactive}
            </span>{' '}
            {student.withdrawal?.reason}
            {student.withdrawal && <>, on {formatDate(student.withdrawal.withdrawnOn)}</>}
          </p>
          <Button onClick={makeActive} isLoading={reactivate.isPending}>
            Make Active
          </Button>
        </div>
      ) : (
        <div className="mt-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p>
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                {studentStatusLabels.active}
              </span>
            </p>
            {!isWithdrawing && (
              <Button variant="danger" onClick={() => setIsWithdrawing(true)}>
                Withdraw
              </Button>
            )}
          </div>
          {isWithdrawing && <WithdrawForm studentId={student.studentId} onClose={() => setIsWithdrawing(false)} />}
        </div>
      )}
    </section>
  );
}
