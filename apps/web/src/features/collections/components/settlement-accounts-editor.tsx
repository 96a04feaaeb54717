import { messages } from '@app/domain/messages';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useSettlementAccounts } from '../api/get-settlement-accounts';
import { useUpdateSettlementAccounts } from '../api/update-settlement-accounts';

const maxAccounts = 20;
const maxAccountLength = 100;
const atLeastOneAccount = 'Add at least one account';

/** The admin's list of receiving accounts counsellors settle into, collapsed by default. */
export function SettlementAccountsEditor() {
  const accounts = useSettlementAccounts();

  return (
    <details className="group mt-4 border-t border-slate-200 pt-3">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900 select-none">Receiving Accounts</summary>
      <div className="mt-3">
        {accounts.isPending ? (
          <p className="text-sm text-slate-500">Loading...</p>
        ) : accounts.isError ? (
          <LoadError message={messages.failedToLoadData} onRetry={() => accounts.refetch()} />
        ) : (
          // Remount with the server's list after each save so the form starts from what was stored.
          <AccountsForm key={accounts.data.join('\n')} initial={accounts.data} />
        )}
      </div>
    </details>
  );
}

type Row = { id: number; value: string };

function AccountsForm({ initial }: { initial: string[] }) {
  const toast = useToast();
  const update = useUpdateSettlementAccounts();
  const nextId = useRef(0);
  const makeRow = (value: string): Row => ({ id: nextId.current++, value });
  const [rows, setRows] = useState<Row[]>(() => (initial.length > 0 ? initial : ['']).map(makeRow));
  const [error, setError] = useState<string | undefined>(undefined);
  const errorId = useId();

  const setValue = (id: number, value: string) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, value } : row)));
    if (error) setError(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleaned = rows.map((row) => row.value.trim()).filter((value) => value !== '');
    if (cleaned.length === 0) {
      setError(atLeastOneAccount);
      return;
    }
    update.mutate(cleaned, {
      onSuccess: (saved) => {
        // Drop the blank rows even when the saved list matches the stored one (no remount then).
        setRows(saved.map(makeRow));
        toast.success(messages.accountsUpdated);
      },
      onError: (mutationError) => toast.error(errorMessage(mutationError, messages.somethingWentWrong)),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:max-w-md" aria-label="Receiving accounts">
      <ul className="flex flex-col gap-3">
        {rows.map((row, index) => (
          <li key={row.id} className="flex items-end gap-2">
            <Input
              label={`Account ${index + 1}`}
              fieldClassName="min-w-0 flex-1"
              maxLength={maxAccountLength}
              value={row.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setValue(row.id, event.target.value)}
            />
            <Button
              variant="danger"
              className="min-h-11"
              aria-label={`Remove Account ${index + 1}`}
              disabled={rows.length <= 1 || update.isPending}
              onClick={() => setRows((current) => current.filter((item) => item.id !== row.id))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={rows.length >= maxAccounts || update.isPending}
          onClick={() => setRows((current) => [...current, makeRow('')])}
        >
          Add Account
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          Save Accounts
        </Button>
      </div>
    </form>
  );
}
