import { useEffect, useState } from 'react';
import { Box, Loader } from '@mantine/core';
import { toString as qrToSvg } from 'qrcode';

/**
 * The QR the phone scans, drawn here from WhatsApp's string (no image service: the string is a
 * secret for the next ~20 seconds). `data-qr` carries the string so the sandbox phone in e2e
 * can "scan" what the page shows.
 */
export function QrImage({ value, size, label }: { value: string; size: number; label: string }) {
  const [drawn, setDrawn] = useState<{ value: string; svg: string } | null>(null);
  useEffect(() => {
    let live = true;
    // Medium error correction: WhatsApp's own web client uses it, and phones read it at a glance.
    void qrToSvg(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((svg) => {
      if (live) setDrawn({ value, svg });
    });
    return () => {
      live = false;
    };
  }, [value]);

  return (
    <Box
      w={size}
      h={size}
      data-testid="wabasic-qr"
      data-qr={value}
      style={{
        display: 'grid',
        placeItems: 'center',
        background: 'white',
        borderRadius: 12,
        border: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      {drawn?.value === value ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`}
          alt={label}
          width={size - 16}
          height={size - 16}
        />
      ) : (
        <Loader size="sm" />
      )}
    </Box>
  );
}
