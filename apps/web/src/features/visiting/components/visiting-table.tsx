import { messages } from '@app/domain/messages';
import { standards } from '@app/domain/standards.rules';
import type { VisitingRecord } from '@app/domain/visiting.schemas';
import { useDeferredValue, useMemo, useState } from 'react';
import { useCounsellors } from '@/api/get-counsellors';
import { CounsellorCombobox } from '@/components/counsellor-combobox';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { Table, TableMessage } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useVisiting } from '../api/get-visiting';
import { VisitingDetailsModal } from './visiting-details-modal';

const standardOptions = [
  { value: '', label: 'All Standards' },
  ...standards.map((standard) => ({ value: standard, label: standard })),
];

type Filters = { search: string; counsellor: string; standard: string };

/** Search matches the student's name, student number or parent number, ignoring case. */
function matches(record: VisitingRecord, { search, counsellor, standard }: Filters): boolean {
  const needle = search.trim().toLowerCase();
  const found =
    !needle ||
    record.studentName.toLowerCase().includes(needle) ||
    record.studentNo.includes(needle) ||
    record.parentsNo.includes(needle);
  return found && (!counsellor || record.createdBy === counsellor) && (!standard || record.standard === standard);
}

/** SPEC §2 Visiting Table: the enquiries, newest first, with filters and a details view. */
export function VisitingTable() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const visiting = useVisiting({ uuid: session?.uuid ?? '', role: session?.role ?? 'counsellor' });
  const counsellors = useCounsellors({ enabled: isAdmin });
  const [search, setSearch] = useState('');
  const [counsellor, setCounsellor] = useState('');
  const [standard, setStandard] = useState('');
  const [viewing, setViewing] = useState<VisitingRecord | null>(null);
  const deferredSearch = useDeferredValue(search);

  const columns = [
    'Sr. No.',
    'Date',
    'Student Name',
    'Standard',
    'Med/Grp',
    'Student No.',
    'Parent No.',
    'Demo',
    ...(isAdmin ? ['Counsellor'] : []),
    'Actions',
  ];

  const rows = useMemo(
    () => (visiting.data ?? []).filter((record) => matches(record, { search: deferredSearch, counsellor, standard })),
    [visiting.data, deferredSearch, counsellor, standard],
  );

  const body = () => {
    if (visiting.isPending) return <TableMessage colSpan={columns.length}>Loading...</TableMessage>;
    if (visiting.isError) {
      return (
        <TableMessage colSpan={columns.length}>
          <LoadError message={messages.failedToLoadData} onRetry={() => visiting.refetch()} />
        </TableMessage>
      );
    }
    if (rows.length === 0) return <TableMessage colSpan={columns.length}>{messages.noVisitingRecords}</TableMessage>;
    return rows.map((record, index) => (
      <tr key={record.id}>
        <td className="tabular-nums">{index + 1}</td>
        <td className="whitespace-nowrap tabular-nums">{formatDate(record.createdAt)}</td>
        <td className="font-medium">{record.studentName}</td>
        <td>{record.standard}</td>
        <td>{record.branch}</td>
        <td className="tabular-nums">{record.studentNo}</td>
        <td className="tabular-nums">{record.parentsNo}</td>
        <td>{record.demoGiven}</td>
        {isAdmin && <td>{record.counsellor}</td>}
        <td>
          <Button size="sm" variant="secondary" onClick={() => setViewing(record)}>
            View
          </Button>
        </td>
      </tr>
    ));
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
        <Input
          label="Search"
          type="search"
          placeholder="Name, student or parent number"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {isAdmin && (
          <CounsellorCombobox
            counsellors={counsellors.data ?? []}
            isLoading={counsellors.isPending}
            value={counsellor}
            onChange={setCounsellor}
          />
        )}
        <Select
          label="Standard"
          options={standardOptions}
          value={standard}
          onChange={(event) => setStandard(event.target.value)}
        />
      </div>
      <Table label="Visiting records">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body()}</tbody>
      </Table>
      <VisitingDetailsModal record={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
