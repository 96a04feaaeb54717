import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { useCounsellors } from '@/api/get-counsellors';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Modal } from '@/components/ui/modal';
import { useCounsellorBooks } from '../api/get-counsellor-books';
import { BookStockTables } from './book-stock-tables';
import { ChallanEntryForm } from './challan-entry-form';
import { PendingDistributionReport } from './pending-distribution-report';

/** SPEC §2 Book Management (admin, dashboard/bookentries). */
export function BookManagement() {
  const counsellors = useCounsellors();
  const [isAdding, setIsAdding] = useState(false);
  const [counsellorId, setCounsellorId] = useState('');
  const books = useCounsellorBooks(counsellorId);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setIsAdding(true)}>Add Entry</Button>
      </div>
      <Modal isOpen={isAdding} onClose={() => setIsAdding(false)} title="Add New Challan Entry" size="xl">
        <ChallanEntryForm onDone={() => setIsAdding(false)} />
      </Modal>

      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-slate-900">View Books by Counsellor</h2>
        <div className="sm:max-w-md">
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
          />
        </div>
        {counsellorId !== '' && (
          <BookStockTables
            books={books.data}
            isPending={books.isPending}
            isError={books.isError}
            onRetry={() => books.refetch()}
            emptyText={messages.noBooksForCounsellor}
          />
        )}
      </section>

      <PendingDistributionReport />
    </div>
  );
}
