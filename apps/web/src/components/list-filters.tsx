import type { Standard } from '@app/domain/standards.rules';
import { type ReactNode, useState } from 'react';
import { useCounsellors } from '@/api/get-counsellors';
import { CounsellorCombobox } from '@/components/counsellor-combobox';
import { usePage } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { StandardFilter } from '@/components/ui/standard-filter';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** The search is sent once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The filters every staff list shares: a search, the counsellor (admins only) and the standard, and the
 * page, which any filter change (`otherFilters` too) sets back to the first. `query` is what the list
 * asks the server for; a counsellor's own list is chosen by the server, so they send no counsellor.
 */
export function useListFilters(otherFilters: readonly string[] = []) {
  const isAdmin = useSession()?.role === 'admin';
  const counsellors = useCounsellors({ enabled: isAdmin });
  const [search, setSearch] = useState('');
  const [counsellor, setCounsellor] = useState('');
  const [standard, setStandard] = useState<Standard | ''>('');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = usePage(JSON.stringify([debouncedSearch.trim(), counsellor, standard, ...otherFilters]));
  return {
    isAdmin,
    counsellors,
    search,
    setSearch,
    counsellor,
    setCounsellor,
    standard,
    setStandard,
    setPage,
    query: { page, search: debouncedSearch, standard, counsellor: isAdmin ? counsellor : '' },
  };
}

/** The filter bar of a staff list: Search, Counsellor (admins), the list's own filters, then Standard. */
export function ListFilters({
  filters,
  searchPlaceholder,
  children,
}: {
  filters: ReturnType<typeof useListFilters>;
  searchPlaceholder: string;
  /** Filters of this list only, shown between Counsellor and Standard. */
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2',
        children ? 'lg:grid-cols-4' : 'lg:grid-cols-3',
      )}
    >
      <Input
        label="Search"
        type="search"
        placeholder={searchPlaceholder}
        autoComplete="off"
        value={filters.search}
        onChange={(event) => filters.setSearch(event.target.value)}
      />
      {filters.isAdmin && (
        <CounsellorCombobox
          counsellors={filters.counsellors.data ?? []}
          isLoading={filters.counsellors.isPending}
          value={filters.counsellor}
          onChange={filters.setCounsellor}
        />
      )}
      {children}
      <StandardFilter value={filters.standard} onChange={filters.setStandard} />
    </div>
  );
}
