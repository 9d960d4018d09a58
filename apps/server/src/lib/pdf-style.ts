/**
 * Sapa's look on paper, shared by every PDF the server writes (invoices, balance statements,
 * report exports), so a change of brand colour is made once. Each document adds its own
 * colours (paid, refunded, credit, debit…) by spreading this.
 */
export const PDF_COLOR = {
  brand: '#0f886d',
  brandSoft: '#e8f8f4',
  ink: '#1f2933',
  muted: '#5f6b76',
  rule: '#d9e0e6',
  headBg: '#f3f6f8',
} as const;

/** The standard PDF fonts: no font file to embed, WinAnsi text (see winAnsi). */
export const PDF_FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
