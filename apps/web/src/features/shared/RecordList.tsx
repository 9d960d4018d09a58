import type { ReactNode } from 'react';
import { Card, Group, Stack, Table, type TableTdProps } from '@mantine/core';
import classes from './records.module.css';

/** What both layouts share: the rows, how to name them, and what a click does. */
interface RecordListProps<T> {
  rows: T[];
  rowKey: (row: T) => string;
  /** What a click on a record does; without it records are read-only (no pointer). */
  onOpen?: ((row: T) => void) | undefined;
  /** The list's own test id (`contact-table`); every row gets `rowTestId`. */
  testId: string;
  rowTestId: string;
  /** Extra `data-*` attributes a row carries, for tests and deep links. */
  rowData?: (row: T) => Record<`data-${string}`, string>;
}

export interface RecordColumn<T> {
  key: string;
  /** Empty header text renders an unlabelled cell named by `ariaLabel` (action columns). */
  header: string;
  ariaLabel?: string;
  cell: (row: T) => ReactNode;
  td?: TableTdProps;
  /** Right-aligns the header and the cells (amounts). */
  align?: 'right';
}

/** Laptop: one table row per record; a click on the row opens it. */
export function RecordTable<T>({
  rows,
  rowKey,
  onOpen,
  testId,
  rowTestId,
  rowData,
  columns,
  minWidth,
}: RecordListProps<T> & { columns: RecordColumn<T>[]; minWidth: number }) {
  return (
    <Card p={0} withBorder radius="md">
      {/* A table wider than the screen shows its scrollbar, so no column hides unseen. */}
      <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ type: 'auto' }}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" data-testid={testId}>
          <Table.Thead className={classes.head}>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} aria-label={c.ariaLabel} ta={c.align}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                className={onOpen ? classes.row : undefined}
                onClick={onOpen ? () => onOpen(row) : undefined}
                data-testid={rowTestId}
                {...rowData?.(row)}
              >
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.align} {...c.td}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** One labelled fact on a phone card; `false` leaves it out. */
export type RecordFact = { label: string; value: ReactNode } | false;

/** Phone: one card per record with the same facts, stacked. */
export function RecordCards<T>({
  rows,
  rowKey,
  onOpen,
  testId,
  rowTestId,
  rowData,
  title,
  corner,
  facts,
  footer,
}: RecordListProps<T> & {
  title: (row: T) => ReactNode;
  /** Top right: a badge or a menu. */
  corner: (row: T) => ReactNode;
  facts: (row: T) => RecordFact[];
  footer?: (row: T) => ReactNode;
}) {
  return (
    <Stack gap="sm" data-testid={testId}>
      {rows.map((row) => (
        <Card
          key={rowKey(row)}
          withBorder
          radius="md"
          p="md"
          className={onOpen ? classes.card : undefined}
          onClick={onOpen ? () => onOpen(row) : undefined}
          data-testid={rowTestId}
          {...rowData?.(row)}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
            <div style={{ minWidth: 0, flex: 1 }}>{title(row)}</div>
            {corner(row)}
          </Group>
          <dl className={classes.facts}>
            {facts(row).map(
              (fact) =>
                fact && [
                  <dt key={`${fact.label}-t`}>{fact.label}</dt>,
                  <dd key={`${fact.label}-d`}>{fact.value}</dd>,
                ],
            )}
          </dl>
          {footer?.(row)}
        </Card>
      ))}
    </Stack>
  );
}
