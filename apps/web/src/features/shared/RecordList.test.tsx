import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { FilterBar } from './FilterBar';
import { RecordCards, RecordTable } from './RecordList';

interface Row {
  id: string;
  name: string;
  city: string | null;
}
const rows: Row[] = [
  { id: 'a', name: 'Ani', city: 'Bandung' },
  { id: 'b', name: 'Budi', city: null },
];
const wrap = (ui: React.ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

describe('RecordTable and RecordCards', () => {
  it('renders a header, a cell per column, and opens the clicked row', () => {
    const onOpen = vi.fn();
    wrap(
      <RecordTable
        rows={rows}
        rowKey={(r) => r.id}
        onOpen={onOpen}
        testId="people"
        rowTestId="person"
        rowData={(r) => ({ 'data-person-id': r.id })}
        minWidth={400}
        columns={[
          { key: 'name', header: 'Name', cell: (r) => r.name },
          { key: 'more', header: '', ariaLabel: 'Actions', cell: (r) => `menu ${r.id}` },
        ]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    const budi = screen.getAllByTestId('person')[1]!;
    expect(budi.getAttribute('data-person-id')).toBe('b');
    expect(within(budi).getByText('menu b')).toBeTruthy();
    fireEvent.click(budi);
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
  });

  it('leaves out a fact given as false on a phone card', () => {
    wrap(
      <RecordCards
        rows={rows}
        rowKey={(r) => r.id}
        onOpen={vi.fn()}
        testId="people"
        rowTestId="person"
        title={(r) => r.name}
        corner={() => null}
        facts={(r) => [r.city !== null && { label: 'City', value: r.city }]}
      />,
    );
    const [ani, budi] = screen.getAllByTestId('person');
    expect(within(ani!).getByText('City')).toBeTruthy();
    expect(within(ani!).getByText('Bandung')).toBeTruthy();
    expect(within(budi!).queryByText('City')).toBeNull();
  });
});

describe('FilterBar', () => {
  const text = { search: 'Search', open: 'Filters', clear: 'Clear filters' };

  it('searches after typing stops, and clear empties the box and the filters', async () => {
    const onSearch = vi.fn();
    const onClear = vi.fn();
    wrap(
      <FilterBar
        searchText=""
        onSearch={onSearch}
        activeCount={0}
        onClear={onClear}
        compact={false}
        text={text}
        testIdPrefix="person"
      >
        <span>own filter</span>
      </FilterBar>,
    );
    const box = screen.getByTestId('person-search') as HTMLInputElement;
    expect(screen.queryByTestId('person-clear')).toBeNull();
    fireEvent.change(box, { target: { value: 'an' } });
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('an'));
    fireEvent.click(screen.getByTestId('person-clear'));
    expect(onClear).toHaveBeenCalledOnce();
    expect(box.value).toBe('');
  });

  it('on a phone folds the page filters behind a button that counts them', () => {
    wrap(
      <FilterBar
        searchText=""
        onSearch={vi.fn()}
        activeCount={2}
        onClear={vi.fn()}
        compact
        text={text}
        testIdPrefix="person"
      >
        <span>own filter</span>
      </FilterBar>,
    );
    const toggle = screen.getByTestId('person-filters-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('2')).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('person-clear')).toBeTruthy();
  });
});
