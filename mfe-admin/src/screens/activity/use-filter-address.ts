import type { AuditFilters } from '@app/web-data';
import { useSearchParams } from '@app/routing';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { filtersFromSearch, withFilters } from './activity-search.js';
import { addressWrites, committed, written } from './address-writes.js';
import type { ApplyFilters } from './audit-row.js';

/**
 * The Activity screen's filters as its address holds them, and the way to change some of them. A change applies
 * to the address as last written, not as last rendered: two changes before the screen renders again (a date typed
 * right after another, a select's change meeting another field's) would each start from the same old address, and
 * the second would put back what the first had just changed. React Router's setSearchParams does not queue.
 */
export function useFilterAddress(): { filters: AuditFilters; applyFilters: ApplyFilters } {
  const [search, setSearch] = useSearchParams();
  const writes = useRef(addressWrites(search));
  useLayoutEffect(() => {
    writes.current = committed(writes.current, search);
  }, [search]);
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const applyFilters: ApplyFilters = (changes) => {
    writes.current = written(writes.current, withFilters(writes.current.latest, changes));
    setSearch(writes.current.latest, { replace: true });
  };
  return { filters, applyFilters };
}
