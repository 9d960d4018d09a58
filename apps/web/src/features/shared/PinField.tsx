import { Input, PinInput } from '@mantine/core';

interface PinFieldProps {
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  label?: string;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  testId?: string;
}

/** The 6-digit authenticator code; each box gets a test id so e2e can type into the first one. */
export function PinField({
  value,
  onChange,
  onComplete,
  label,
  error,
  disabled,
  autoFocus,
  testId = 'pin-input',
}: PinFieldProps) {
  return (
    <Input.Wrapper label={label} error={error} styles={{ error: { textAlign: 'center' } }}>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        size="md"
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        disabled={disabled}
        autoFocus={autoFocus}
        error={Boolean(error)}
        aria-label={label}
        data-testid={testId}
        getInputProps={(index) => ({
          'aria-label': `${label ?? ''} ${index + 1}`.trim(),
          // Mantine's prop type has no data-* attributes; they still reach the <input>.
          ...({ 'data-testid': `${testId}-${index}` } as object),
        })}
        mt={label ? 6 : 0}
        // Boxes may shrink rather than push past a narrow card (small phones, half-width cards).
        styles={{
          root: { justifyContent: 'center', maxWidth: '100%' },
          pinInput: { minWidth: 0, flexShrink: 1 },
        }}
      />
    </Input.Wrapper>
  );
}
