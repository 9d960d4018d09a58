/** The csat module's public face: other modules import from here only. */
export { csatIdle } from './runtime.js';
export { runCsatSweep } from './sweep.job.js';
export { surveyTicket, type SurveyOutcome } from './send.service.js';
export { surveysForReports, type SurveyForReports } from './report-source.js';
