/** The tickets module's public face: other modules import from here only. */
export { markTicketAnswered } from './repo.js';
