/** The inbox's public face: other modules import from here only. */
export { claimUnassignedChat } from './actions/claim.js';
export { ingestEvents, type IngestResult } from './ingest.service.js';
export { storeInboundMedia } from './jobs/fetch-media.job.js';
export { getMessage } from './read.service.js';
export { attachLinkedSession, type LinkedAttachment } from './linked/session.js';
export { LINKED_SEND_GAP_MS, LINKED_SEND_JITTER_MS } from './linked/outbox.js';
