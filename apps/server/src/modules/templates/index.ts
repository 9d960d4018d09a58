/** The templates module's public face: other modules import from here only. */
export { presentTemplate } from './presenter.js';
export { templateRows, type TemplateRow } from './repo.js';
