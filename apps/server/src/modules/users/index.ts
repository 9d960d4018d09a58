/** What other modules may use of the users module. */
export { activeAdmins, type ActiveAdmin } from './admins.repo.js';
