/** The inbox's public face: other modules import from here only. */
export { claimUnassignedChat } from './actions/claim.js';
export { ingestEvents, type IngestResult } from './ingest.service.js';
export { storeInboundMedia } from './jobs/fetch-media.job.js';
export { getMessage } from './read.service.js';
