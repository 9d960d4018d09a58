import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromParams, filtersToParams, type ContactFilters } from './filters';

/**
 * The /contact filters, kept in the URL. Changes are patches applied to the latest *requested*
 * filters: the router commits a search-param change a moment later, and a patch made in between
 * (the debounced search landing right after a label was picked) must not undo the first one.
 */
export function useContactFilters(): [ContactFilters, (patch: Partial<ContactFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const paramsKey = params.toString();
  const pending = useRef<string | null>(null);

  useEffect(() => {
    if (pending.current === paramsKey) pending.current = null;
  }, [paramsKey]);

  const update = (patch: Partial<ContactFilters>) => {
    const base =
      pending.current === null ? filters : filtersFromParams(new URLSearchParams(pending.current));
    const next = new URLSearchParams(filtersToParams({ ...base, ...patch }));
    pending.current = next.toString();
    setParams(next, { replace: true });
  };

  return [filters, update];
}
