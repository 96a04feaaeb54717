import {
  type ExportColumn,
  exportColumnHeader,
  exportColumns,
  exportStandardOptions,
} from '@app/domain/export.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { useCentres } from '@/api/get-centres';
import { useCounsellors } from '@/api/get-counsellors';
import { Button } from '@/components/ui/button';
import { Checkbox, checkboxClasses } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useExportRegistrations } from '../api/export-registrations';

type Remaining = '' | 'zero' | 'nonZero';

/** The options of the standard filter; the 11th+12th option carries 12th (SPEC §2), so keys are labels. */
const standardOptions = [
  { value: '', label: 'All Standards' },
  ...exportStandardOptions.map((option) => ({ value: option.label, label: option.label })),
];
const standardValue = (label: string) => exportStandardOptions.find((option) => option.label === label)?.value;

/**
 * SPEC §2 Excel Export Tool (admin): filters, the two mutually exclusive remaining checkboxes, the 14
 * columns and the seat number (beyond SPEC), and Generate (disabled with no column). The workbook is
 * made and streamed by the server.
 */
export function ExcelExportTool() {
  const toast = useToast();
  const centres = useCentres();
  const counsellors = useCounsellors();
  const exportFile = useExportRegistrations();
  const [standard, setStandard] = useState('');
  const [counsellor, setCounsellor] = useState('');
  const [examCentre, setExamCentre] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [remaining, setRemaining] = useState<Remaining>('');
  const [includeWithdrawn, setIncludeWithdrawn] = useState(false);
  const [columns, setColumns] = useState<ExportColumn[]>([...exportColumns]);
  const [error, setError] = useState<string | null>(null);

  const toggleColumn = (column: ExportColumn, checked: boolean) =>
    setColumns((current) => (checked ? [...current, column] : current.filter((c) => c !== column)));
  // Checking one remaining box unchecks the other.
  const toggleRemaining = (which: Exclude<Remaining, ''>, checked: boolean) => setRemaining(checked ? which : '');

  const generate = () => {
    setError(null);
    if (fromDate && toDate && fromDate > toDate) return setError(messages.exportDateOrder);
    if (columns.length === 0) return setError(messages.exportNoColumns);
    exportFile.mutate(
      {
        standard: standardValue(standard) ?? null,
        counsellor: counsellor || null,
        examCentre: examCentre || null,
        fromDate: fromDate || null,
        toDate: toDate || null,
        onlyZeroRemaining: remaining === 'zero',
        onlyNonZeroRemaining: remaining === 'nonZero',
        includeWithdrawn,
        columns,
      },
      {
        onSuccess: ({ blob, fileName }) => {
          try {
            saveFile(blob, fileName ?? 'Filtered_Registrations.xlsx');
            toast.success(messages.exportDownloaded);
          } catch {
            setError(messages.exportGenerateFailed);
          }
        },
        onError: (failure) => {
          const text =
            failure instanceof ApiError && failure.status === 400 && failure.serverMessage
              ? failure.serverMessage
              : messages.exportFetchFailed;
          setError(text);
          toast.error(text);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="excel-export"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="excel-export" className="text-base font-semibold text-slate-900 sm:text-lg">
        Excel Export Tool
      </h2>
      <p className="mt-1 text-sm text-slate-600">Download the registrations you choose as an Excel file.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Select
          label="Standard"
          options={standardOptions}
          value={standard}
          onChange={(e) => setStandard(e.target.value)}
        />
        <Select
          label="Counsellor"
          options={[
            { value: '', label: 'All Counsellors' },
            ...(counsellors.data ?? []).map((c) => ({ value: c.uuid, label: c.name })),
          ]}
          value={counsellor}
          onChange={(e) => setCounsellor(e.target.value)}
        />
        <Select
          label="Exam Centre"
          options={[
            { value: '', label: 'All Exam Centres' },
            ...(centres.data ?? []).map((c) => ({ value: String(c.centerId), label: c.centerName })),
          ]}
          value={examCentre}
          onChange={(e) => setExamCentre(e.target.value)}
        />
        <div className="grid grid-cols-2 gap-3">
          <Input label="From Date" type="date" value={fromDate} onChange={(e) => setFromDate(e.target.value)} />
          <Input label="To Date" type="date" value={toDate} onChange={(e) => setToDate(e.target.value)} />
        </div>
      </div>
      <fieldset className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <legend className="sr-only">Remaining amount</legend>
        <Checkbox checked={remaining === 'zero'} onChange={(checked) => toggleRemaining('zero', checked)}>
          remaining = 0
        </Checkbox>
        <Checkbox checked={remaining === 'nonZero'} onChange={(checked) => toggleRemaining('nonZero', checked)}>
          remaining != 0
        </Checkbox>
      </fieldset>
      <Checkbox className="mt-1" checked={includeWithdrawn} onChange={setIncludeWithdrawn}>
        include withdrawn students
      </Checkbox>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-slate-700">Columns</legend>
        <div className="mt-1 grid grid-cols-1 gap-x-4 min-[400px]:grid-cols-2 lg:grid-cols-3">
          {exportColumns.map((column) => (
            <label key={column} className="flex min-h-10 items-center gap-2 text-sm break-all text-slate-800">
              <input
                type="checkbox"
                className={checkboxClasses}
                checked={columns.includes(column)}
                onChange={(e) => toggleColumn(column, e.target.checked)}
              />
              {exportColumnHeader(column)}
            </label>
          ))}
        </div>
        <div className="mt-1 flex gap-3 text-sm">
          <button type="button" className="text-brand-700 underline" onClick={() => setColumns([...exportColumns])}>
            Select all
          </button>
          <button type="button" className="text-brand-700 underline" onClick={() => setColumns([])}>
            Clear
          </button>
        </div>
      </fieldset>
      {(error || columns.length === 0) && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error ?? messages.exportNoColumns}
        </p>
      )}
      <Button
        className="mt-4 w-full sm:w-auto"
        disabled={columns.length === 0}
        isLoading={exportFile.isPending}
        onClick={generate}
      >
        Generate
      </Button>
    </section>
  );
}
