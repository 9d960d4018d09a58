/** Business constants and limits, spec §9. */
export const LIMITS = {
  requestTimeoutMs: 30_000,
  chatListTimeoutMs: 12_000,
  refreshTimeoutMs: 10_000,
  toastMs: 2_500,
  notificationAutoCloseMs: 10_000,
  assignmentAlertMs: 60_000,
  alertMs: 4_500,
  uploadBytes: 1_048_576,
  templateContentMax: 1024,
  templateFieldMax: 60,
  templateLongFieldMax: 512,
  templateSingleMax: 1,
  passwordMin: 8,
  nameMin: 4,
  chatPageFirst: 50,
  chatPageMore: 20,
  chatPageSearch: 150,
  messagePageFirst: 10,
  messagePageMore: 15,
  messagePageSearch: 10,
  labelsPerPage: 999,
  agentsPerPage: 1000,
  lastMessagePreview: 22,
  /**
   * Characters kept of a received text. Meta caps a text message at 4,096 and a caption at
   * 1,024; 16 times that leaves room for any channel we add while keeping a forged or broken
   * 5 MB message from riding along in every read. Longer texts are cut, never refused.
   */
  inboundTextMax: 65_536,
  /** Characters of a chat's last message the server stores and sends (the list shows 22). */
  lastMessageMax: 256,
  customerWindowMs: 24 * 60 * 60 * 1000,
  renewalWindowDays: 7,
  trialDays: 14,
  socketReconnect: { min: 1_000, max: 5_000, jitter: 0.5, timeout: 20_000 },
} as const;

/**
 * What one spreadsheet (an uploaded CSV or XLSX, or pasted recipient text) may hold. Each is
 * enforced while the file is read, so a hostile file is refused as soon as it passes one, before
 * it costs the server time or memory: a few KB of XLSX can describe gigabytes of cells.
 */
export const SHEET_LIMITS = {
  /** A row may not reach past Excel's own last column, XFD. */
  columns: 16_384,
  /** Every cell read counts, whether its column is kept or not. */
  cells: 2_000_000,
  /** Excel's own limit for one cell; also bounds each shared string of an XLSX. */
  cellChars: 32_767,
  /** The text of one row (a CSV line) in all. */
  rowChars: 1_000_000,
  /** The text kept from the whole file (a shared string used by many cells counts each time). */
  textChars: 32_000_000,
  /** The XLSX parts read (workbook, styles, shared strings, sheet), once decompressed. */
  unpackedBytes: 100 * 1024 * 1024,
  /** Files inside an XLSX; Excel writes about a dozen. */
  zipEntries: 1_000,
  /** Nesting of an XLSX part's XML; a sheet needs about ten levels. */
  xmlDepth: 64,
  /** One tag, text or comment of an XLSX part's XML, in characters. */
  xmlTokenChars: 256 * 1024,
} as const;

/** A balance statement's PDF lists at most this many entries; longer periods export as CSV or XLSX. */
export const SALDO_PDF_MAX_ENTRIES = 5_000;
