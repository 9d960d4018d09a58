/** The routing module's public face: other modules import from here only. */
export { forgetGreeting } from './greeting.repo.js';
export { forgetRoutingSettings } from './settings.js';
