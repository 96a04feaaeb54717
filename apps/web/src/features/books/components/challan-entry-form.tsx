import {
  type BookStandard,
  bookCatalogue,
  bookStandards,
  PAMPHLET,
  pamphletName,
  RECEIPT_BOOK,
} from '@app/domain/books.rules';
import { type AddChallanRequest, addChallanRequest, challanItem } from '@app/domain/books.schemas';
import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { type FieldErrors, get, useController, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCounsellors } from '@/api/get-counsellors';
import { DRAFT_LOADED, DraftOffer } from '@/components/draft-offer';
import { FormSection } from '@/components/student-fields/form-section';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { FormActions } from '@/components/ui/form-actions';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { draftKeys, type FormDraft, useFormDraft } from '@/lib/form-draft';
import { showFormError } from '@/lib/form-errors';
import { textResolver } from '@/lib/form-schema';
import { useAddChallan } from '../api/add-challan';

/** What the inputs hold, as the browser gives it: counts are the digits typed ('' for none). */
export type ChallanFormValues = {
  counsellorId: string;
  chalanDate: string;
  /** One row per catalogue book (SPEC §3 Book catalogue), in the order of the request's items. */
  books: { standard: BookStandard; bookName: string; totalCount: string }[];
  /** Named after the day it is sent. */
  pamphlet: { totalCount: string };
  /** A receipt book's number, and its range as the count. */
  receipts: { bookName: string; totalCount: string }[];
};

const catalogueRows = bookStandards.flatMap((standard) =>
  bookCatalogue[standard].map((bookName) => ({ standard, bookName, totalCount: '' })),
);

const emptyValues = (): ChallanFormValues => ({
  counsellorId: '',
  chalanDate: indianToday(),
  books: catalogueRows,
  pamphlet: { totalCount: '' },
  receipts: [{ bookName: '', totalCount: '' }],
});

const bookField = (row: { standard: string; bookName: string }) => `book:${row.standard}:${row.bookName}`;

/** The draft keeps the rows as text fields: a count per catalogue book, a number and range per receipt book. */
function toDraft(values: object): FormDraft {
  const {
    counsellorId = '',
    chalanDate = '',
    pamphlet = { totalCount: '' },
    books = [],
    receipts = [],
  } = values as Partial<ChallanFormValues>;
  return {
    counsellorId,
    chalanDate,
    pamphlets: pamphlet.totalCount ?? '',
    ...Object.fromEntries(books.map((row) => [bookField(row), row.totalCount ?? ''])),
    ...Object.fromEntries(
      receipts.flatMap((row, index) => [
        [`receipt.${index}.bookName`, row.bookName ?? ''],
        [`receipt.${index}.range`, row.totalCount ?? ''],
      ]),
    ),
  };
}

/** A found draft as the form's values: the catalogue's rows with their counts, and the receipt-book rows. */
function fromDraft(draft: FormDraft): ChallanFormValues {
  const receipts: ChallanFormValues['receipts'] = [];
  for (let index = 0; `receipt.${index}.bookName` in draft; index += 1) {
    receipts.push({
      bookName: draft[`receipt.${index}.bookName`] ?? '',
      totalCount: draft[`receipt.${index}.range`] ?? '',
    });
  }
  const empty = emptyValues();
  return {
    counsellorId: draft.counsellorId ?? empty.counsellorId,
    chalanDate: draft.chalanDate || empty.chalanDate,
    books: catalogueRows.map((row) => ({ ...row, totalCount: draft[bookField(row)] ?? '' })),
    pamphlet: { totalCount: draft.pamphlets ?? '' },
    receipts: receipts.length > 0 ? receipts : empty.receipts,
  };
}

/** A row as typed, as the request's item: an empty count is 0, which the request reads as a row left empty. */
const asItem = <Row extends { totalCount: string }>(row: Row) => ({ ...row, totalCount: row.totalCount || '0' });

/**
 * SPEC §3 Challan payload: every catalogue row, the pamphlet (named after today) and the receipt
 * books, as typed.
 */
function toBody(values: ChallanFormValues): AddChallanRequest {
  return {
    chalanDate: values.chalanDate,
    counsellorId: values.counsellorId,
    items: [
      ...values.books.map(asItem),
      asItem({ standard: PAMPHLET, bookName: pamphletName(indianToday()), ...values.pamphlet }),
      ...values.receipts.map((row) => asItem({ standard: RECEIPT_BOOK, ...row })),
    ],
  };
}

/** A row of the form checked as the request's item, with what the row does not type (its kind, the pamphlet's name). */
const typedItem = (fixed: () => { standard?: string; bookName?: string } = () => ({})) =>
  z.preprocess((row) => asItem({ ...(row as { totalCount: string }), ...fixed() }), challanItem);

/**
 * The request schema in the form's shape (SPEC §5 Challan texts): each row is the request's item, so
 * its message lands on its input; then the whole request (at least one entry) on the rows together.
 */
const challanFormSchema = z
  .object({
    counsellorId: addChallanRequest.shape.counsellorId,
    chalanDate: addChallanRequest.shape.chalanDate,
    books: z.array(typedItem()),
    pamphlet: typedItem(() => ({ standard: PAMPHLET, bookName: pamphletName(indianToday()) })),
    receipts: z.array(typedItem(() => ({ standard: RECEIPT_BOOK }))),
  })
  .superRefine(({ books, pamphlet, receipts }, ctx) => {
    // The request's rule on the rows together (at least one entry), said on them together.
    const items = addChallanRequest.shape.items.safeParse([...books, pamphlet, ...receipts]);
    for (const issue of items.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: issue.message });
    }
  });
const resolver = textResolver<ChallanFormValues>(challanFormSchema);

/** Every field of the form in the order it is shown: where the first message is looked for. */
function fieldsInOrder(values: ChallanFormValues): string[] {
  return [
    'counsellorId',
    'chalanDate',
    ...values.books.map((_, index) => `books.${index}.totalCount`),
    'pamphlet.totalCount',
    ...values.receipts.flatMap((_, index) => [`receipts.${index}.bookName`, `receipts.${index}.totalCount`]),
    // At least one entry: the rows together.
    'items',
  ];
}

const isFormField = (path: string): path is 'counsellorId' | 'chalanDate' =>
  path === 'counsellorId' || path === 'chalanDate';

/** The one message the form says first: the counsellor before the entries (SPEC §5 order). */
function firstMessage(errors: FieldErrors<ChallanFormValues>, values: ChallanFormValues): string | undefined {
  for (const path of fieldsInOrder(values)) {
    const message: unknown = (get(errors, path) as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}

const countProps = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;

/**
 * SPEC §2 'Add New Challan Entry': counsellor (searchable), challan date, the catalogue's books, a
 * pamphlet row and receipt-book rows (Add/Remove; the last one stays). Checked with the shared
 * request schema, so the messages are SPEC §5's.
 */
export function ChallanEntryForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const counsellors = useCounsellors();
  const addChallan = useAddChallan();
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    reset,
    watch,
    formState: { errors },
  } = useForm<ChallanFormValues>({ resolver, defaultValues: emptyValues() });
  // The counts typed so far survive an ended session.
  const draft = useFormDraft({ key: draftKeys.challan, watch, toDraft });
  const loadDraft = () => {
    const found = draft.take();
    if (!found) return;
    reset(fromDraft(found));
    toast.success(DRAFT_LOADED);
  };
  const counsellor = useController({ control, name: 'counsellorId' });
  const receipts = useFieldArray({ control, name: 'receipts' });

  const onSubmit = handleSubmit((values) => {
    if (addChallan.isPending) return;
    addChallan.mutate(toBody(values), {
      onSuccess: () => {
        toast.success(messages.challanAdded);
        draft.finish();
        onDone();
      },
      // SPEC §8 Challan: a server failure says 'Something went wrong' (or the server's own message).
      onError: (failure) =>
        showFormError(failure, {
          setError,
          isField: isFormField,
          toastError: toast.error,
          fallback: messages.somethingWentWrong,
        }),
    });
  });

  const summary = firstMessage(errors, getValues());
  const countError = (standard: string, bookName: string) => {
    const index = catalogueRows.findIndex((row) => row.standard === standard && row.bookName === bookName);
    return errors.books?.[index]?.totalCount?.message;
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {draft.offer && <DraftOffer onLoad={loadDraft} onDismiss={draft.dismiss} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <Combobox
          label="Counsellor"
          listLabel="Counsellors"
          options={(counsellors.data ?? []).map((option) => ({
            value: option.uuid,
            label: option.branch ? `${option.name} (${option.branch})` : option.name,
          }))}
          value={counsellor.field.value}
          onChange={counsellor.field.onChange}
          onBlur={counsellor.field.onBlur}
          name={counsellor.field.name}
          error={errors.counsellorId?.message}
          placeholder="Select Counsellor"
          searchPlaceholder="Search counsellor"
          emptyText={counsellors.isPending ? 'Loading...' : messages.noCounsellorsFound}
          isRequired
        />
        <Input
          label="Challan Date"
          type="date"
          required
          error={errors.chalanDate?.message}
          {...register('chalanDate')}
        />
      </div>

      <FormSection title="Books">
        {bookStandards.map((standard) => (
          <div key={standard} className="rounded-lg border border-slate-200">
            <p className="bg-slate-100 px-3 py-1.5 text-sm font-semibold text-slate-700">{standard}</p>
            <ul className="divide-y divide-slate-100">
              {bookCatalogue[standard].map((bookName) => {
                const index = catalogueRows.findIndex((row) => row.standard === standard && row.bookName === bookName);
                const error = countError(standard, bookName);
                return (
                  <li key={bookName} className="flex flex-col gap-1 px-3 py-1.5">
                    <div className="flex items-center justify-between gap-3">
                      <span>{bookName}</span>
                      <input
                        {...countProps}
                        aria-label={`${standard} ${bookName}`}
                        aria-invalid={error ? true : undefined}
                        className="w-24 rounded-md border border-slate-300 px-2 py-1.5 text-right tabular-nums aria-invalid:border-red-500"
                        {...register(`books.${index}.totalCount`)}
                      />
                    </div>
                    {error && <p className="text-sm text-red-600">{error}</p>}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </FormSection>

      <FormSection title="Pamphlet">
        <Input
          label={`Pamphlet (${pamphletName(indianToday())})`}
          aria-label="Pamphlet count"
          {...countProps}
          error={errors.pamphlet?.totalCount?.message}
          {...register('pamphlet.totalCount')}
        />
      </FormSection>

      <FormSection title="Receipt Books">
        {receipts.fields.map((row, index) => (
          <div
            key={row.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:col-span-2 sm:grid-cols-[minmax(0,1fr)_8rem_auto]"
          >
            <Input
              label="Book Number"
              aria-label={`Receipt book ${index + 1} number`}
              autoComplete="off"
              fieldClassName="col-span-2 sm:col-span-1"
              error={errors.receipts?.[index]?.bookName?.message}
              {...register(`receipts.${index}.bookName`)}
            />
            <Input
              label="Range"
              aria-label={`Receipt book ${index + 1} range`}
              {...countProps}
              error={errors.receipts?.[index]?.totalCount?.message}
              {...register(`receipts.${index}.totalCount`)}
            />
            <Button
              type="button"
              variant="secondary"
              className="mt-7"
              disabled={receipts.fields.length === 1}
              onClick={() => receipts.remove(index)}
            >
              Remove
            </Button>
          </div>
        ))}
        <div className="sm:col-span-2">
          <Button type="button" variant="secondary" onClick={() => receipts.append({ bookName: '', totalCount: '' })}>
            Add
          </Button>
        </div>
      </FormSection>

      {summary && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {summary}
        </p>
      )}
      <FormActions onCancel={onDone}>
        <Button type="submit" isLoading={addChallan.isPending}>
          Submit
        </Button>
      </FormActions>
    </form>
  );
}
