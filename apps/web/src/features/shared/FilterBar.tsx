import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Collapse, Group, Indicator, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';

/**
 * A list page's filter row: a debounced search box, the page's own filters, and "clear".
 * On phones the page's filters fold behind a button that counts the active ones.
 */
export function FilterBar({
  searchText,
  onSearch,
  activeCount,
  onClear,
  compact,
  text,
  testIdPrefix,
  searchWidth = 240,
  children,
}: {
  /** The search the page applies now (from the URL). */
  searchText: string;
  /** Called 300 ms after typing stops, with the new text. */
  onSearch: (text: string) => void;
  /** How many filters besides the search are set. */
  activeCount: number;
  onClear: () => void;
  compact: boolean;
  text: { search: string; open: string; clear: string };
  /** `contact` gives `contact-search`, `contact-filters-toggle`, `contact-clear`. */
  testIdPrefix: string;
  searchWidth?: number;
  /** The page's own filters, already sized for `compact`. */
  children: ReactNode;
}) {
  const [search, setSearch] = useState(searchText);
  const [debounced] = useDebouncedValue(search, 300);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    if (debounced !== searchText) onSearch(debounced);
    // Only the debounced text drives this; the other filters apply on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const clear = () => {
    setSearch('');
    onClear();
  };

  const searchBox = (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={text.search}
      aria-label={text.search}
      value={search}
      onChange={(e) => setSearch(e.currentTarget.value)}
      style={{ flex: `1 1 ${searchWidth}px` }}
      data-testid={`${testIdPrefix}-search`}
    />
  );
  const clearButton = (activeCount > 0 || search) && (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconX size={14} />}
      onClick={clear}
      data-testid={`${testIdPrefix}-clear`}
    >
      {text.clear}
    </Button>
  );

  if (compact) {
    return (
      <Stack gap="xs" mb="md">
        <Group gap="xs" wrap="nowrap">
          {searchBox}
          <Indicator
            label={activeCount}
            size={16}
            disabled={activeCount === 0}
            withBorder
            offset={4}
          >
            <ActionIcon
              size={36}
              variant={activeCount > 0 ? 'light' : 'default'}
              onClick={() => setExpanded((e) => !e)}
              aria-label={text.open}
              aria-expanded={expanded}
              data-testid={`${testIdPrefix}-filters-toggle`}
            >
              <IconAdjustmentsHorizontal size={18} />
            </ActionIcon>
          </Indicator>
        </Group>
        <Collapse in={expanded}>
          <Stack gap="xs">
            {children}
            {clearButton}
          </Stack>
        </Collapse>
      </Stack>
    );
  }

  return (
    <Group gap="sm" mb="md" wrap="wrap" align="center">
      {searchBox}
      {children}
      {clearButton}
    </Group>
  );
}
