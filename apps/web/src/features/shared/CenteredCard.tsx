import type { ReactNode } from 'react';
import { Box, Paper } from '@mantine/core';

/** A single focused card for the default-layout status pages (activation, expiry…). */
export function CenteredCard({ children, size = 460 }: { children: ReactNode; size?: number }) {
  return (
    <Box maw={size} mx="auto" py={{ base: 0, sm: 'xl' }}>
      <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        {children}
      </Paper>
    </Box>
  );
}
