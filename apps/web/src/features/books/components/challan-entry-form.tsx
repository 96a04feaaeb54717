import { bookCatalogue, bookStandards, PAMPHLET, pamphletName, RECEIPT_BOOK } from '@app/domain/books.rules';
import { type AddChallanRequest, addChallanRequest } from '@app/domain/books.schemas';
import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { type FormEvent, useState } from 'react';
import { useCounsellors } from '@/api/get-counsellors';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAddChallan } from '../api/add-challan';

type ReceiptRow = { key: number; bookName: string; range: string };
const bookKey = (standard: string, bookName: string) => `${standard}:${bookName}`;

/**
 * SPEC §2 'Add New Challan Entry': counsellor (searchable), challan date, the catalogue's books, a
 * pamphlet row and receipt-book rows (Add/Remove; the last one stays). Checked with the shared
 * request schema, so the messages are SPEC §5's.
 */
export function ChallanEntryForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const counsellors = useCounsellors();
  const addChallan = useAddChallan();
  const today = indianToday();
  const [counsellorId, setCounsellorId] = useState('');
  const [chalanDate, setChalanDate] = useState(today);
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [pamphlets, setPamphlets] = useState('');
  const [receipts, setReceipts] = useState<ReceiptRow[]>([{ key: 1, bookName: '', range: '' }]);
  const [error, setError] = useState('');

  const setReceipt = (key: number, change: Partial<ReceiptRow>) =>
    setReceipts((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const body = (): AddChallanRequest => ({
    chalanDate,
    counsellorId,
    items: [
      ...bookStandards.flatMap((standard) =>
        bookCatalogue[standard].map((bookName) => ({
          standard,
          bookName,
          totalCount: counts[bookKey(standard, bookName)] || '0',
        })),
      ),
      { standard: PAMPHLET, bookName: pamphletName(today), totalCount: pamphlets || '0' },
      ...receipts.map((row) => ({ standard: RECEIPT_BOOK, bookName: row.bookName, totalCount: row.range || '0' })),
    ],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = body();
    const parsed = addChallanRequest.safeParse(payload);
    if (!parsed.success) {
      const first = parsed.error.issues.find((issue) => issue.path[0] === 'counsellorId') ?? parsed.error.issues[0];
      setError(first?.message ?? messages.challanEntryRequired);
      return;
    }
    setError('');
    addChallan.mutate(payload, {
      onSuccess: () => {
        toast.success(messages.challanAdded);
        onDone();
      },
      // SPEC §8 Challan: a server failure says 'Something went wrong' (or the server's own message).
      onError: (failure) => toast.error(errorMessage(failure, messages.somethingWentWrong)),
    });
  };

  const countInput = (label: string, value: string, onChange: (value: string) => void) => (
    <input
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="w-24 rounded-md border border-slate-300 px-2 py-1.5 text-right tabular-nums"
    />
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Combobox
        label="Counsellor"
        listLabel="Counsellors"
        options={(counsellors.data ?? []).map((counsellor) => ({
          value: counsellor.uuid,
          label: counsellor.branch ? `${counsellor.name} (${counsellor.branch})` : counsellor.name,
        }))}
        value={counsellorId}
        onChange={setCounsellorId}
        placeholder="Select Counsellor"
        searchPlaceholder="Search counsellor"
        emptyText={counsellors.isPending ? 'Loading...' : messages.noCounsellorsFound}
        isRequired
      />
      <Input
        label="Challan Date"
        type="date"
        required
        value={chalanDate}
        onChange={(event) => setChalanDate(event.target.value)}
      />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold text-slate-800">Books</legend>
        {bookStandards.map((standard) => (
          <div key={standard} className="rounded-lg border border-slate-200">
            <p className="bg-slate-100 px-3 py-1.5 text-sm font-semibold text-slate-700">{standard}</p>
            <ul className="divide-y divide-slate-100">
              {bookCatalogue[standard].map((bookName) => (
                <li key={bookName} className="flex items-center justify-between gap-3 px-3 py-1.5">
                  <span>{bookName}</span>
                  {countInput(`${standard} ${bookName}`, counts[bookKey(standard, bookName)] ?? '', (value) =>
                    setCounts((all) => ({ ...all, [bookKey(standard, bookName)]: value })),
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </fieldset>

      <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2">
        <span>
          <span className="font-semibold text-slate-800">Pamphlet</span>{' '}
          <span className="text-sm text-slate-600">({pamphletName(today)})</span>
        </span>
        {countInput('Pamphlet count', pamphlets, setPamphlets)}
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-slate-800">Receipt Books</legend>
        {receipts.map((row, index) => (
          <div key={row.key} className="flex flex-wrap items-end gap-2">
            <Input
              label="Book Number"
              value={row.bookName}
              onChange={(event) => setReceipt(row.key, { bookName: event.target.value })}
              fieldClassName="min-w-0 flex-1"
              aria-label={`Receipt book ${index + 1} number`}
            />
            <Input
              label="Range"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={row.range}
              onChange={(event) => setReceipt(row.key, { range: event.target.value })}
              fieldClassName="w-24"
              aria-label={`Receipt book ${index + 1} range`}
            />
            <Button
              type="button"
              variant="secondary"
              disabled={receipts.length === 1}
              onClick={() => setReceipts((rows) => rows.filter((other) => other.key !== row.key))}
            >
              Remove
            </Button>
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              setReceipts((rows) => [
                ...rows,
                { key: Math.max(...rows.map((r) => r.key)) + 1, bookName: '', range: '' },
              ])
            }
          >
            Add
          </Button>
        </div>
      </fieldset>

      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={addChallan.isPending}>
          Submit
        </Button>
      </div>
    </form>
  );
}
