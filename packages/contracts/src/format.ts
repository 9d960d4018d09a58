/** Numbers with dot thousands and comma decimals (§9), whatever the UI language. */
export function formatNumber(value: number, fractionDigits = 0): string {
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [int = '0', frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return frac ? `${sign}${grouped},${frac}` : `${sign}${grouped}`;
}

export function formatCurrency(value: number): string {
  return `Rp ${formatNumber(value)}`;
}

/** Last-message preview: 22 characters plus an ellipsis (§9). */
export function truncatePreview(text: string, max = 22): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Phone helper (§5): strips a leading plus, zero or 62 so one number has one canonical form. */
export function normalizePhone(raw: string): string {
  let digits = raw.trim().replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (digits.startsWith('62')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}
