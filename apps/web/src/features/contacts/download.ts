import { dayKey } from '../../lib/datetime';
import { fetchFile, saveBlob, type FileFormat } from '../../lib/download';
import { filterQuery, type ContactFilters } from './filters';

// The account's day, as the server names its exports, not the UTC one.
const today = () => dayKey(Date.now());

/** Every contact matching the filters, as CSV or XLSX (same filters as the list, no paging). */
export async function exportContacts(filters: ContactFilters, format: FileFormat): Promise<void> {
  const blob = await fetchFile('contacts/export', { ...filterQuery(filters), format }, format);
  saveBlob(blob, `contacts-${today()}.${format}`);
}

/** The rows an import refused, with the reason column, to fix and upload again. */
export async function downloadRejected(importId: string, format: FileFormat): Promise<void> {
  const blob = await fetchFile(
    `contacts/import/${encodeURIComponent(importId)}/rejected`,
    { format },
    format,
  );
  saveBlob(blob, `contacts-rejected-${today()}.${format}`);
}
