/** The media module's public face: other modules serve stored files through these. */
export { findMedia, sendStoredMedia, type StoredMedia } from './serve.js';
