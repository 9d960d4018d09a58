import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Sapa teal-green: calm, trustworthy, readable with white text from shade 6 up. */
const sapa: MantineColorsTuple = [
  '#e8f8f4',
  '#d5efe8',
  '#aadfd1',
  '#7bcdb8',
  '#55bfa4',
  '#3cb597',
  '#2caf90',
  '#1b997c',
  '#0f886d',
  '#00765d',
];

const fontStack =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'sapa',
  primaryShade: { light: 7, dark: 6 },
  colors: { sapa },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    Menu: { defaultProps: { radius: 'md', shadow: 'md' } },
    NavLink: { defaultProps: { variant: 'light' } },
  },
});
