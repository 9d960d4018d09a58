import { formatCurrency, formatNumber } from '@sapa/contracts';

export { formatCurrency, formatNumber };
// Dates and times have one home (the account's zone, 24-hour, the UI language); the screens
// that import them from here keep doing so.
export { formatDate, formatDateTime, formatTime } from './datetime';
