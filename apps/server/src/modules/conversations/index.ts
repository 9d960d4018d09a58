/**
 * The conversations core: chats and messages as every module reads them, through this file
 * only. Row queries and presenters, the reply window (the channel's capability), the forward-only
 * status rule, and who may see a chat, in SQL (`chatVisibleTo`) and in memory (`canSeeChat`),
 * side by side and tested against each other.
 */
export {
  CHAT_RETURNING,
  chatRowsQuery,
  loadChatRows,
  loadMessageRows,
  lockChat,
  messageRowsQuery,
  previewOf,
} from './queries.js';
export {
  contactPictureUrl,
  presentChat,
  presentMessage,
  type ChatRow,
  type MessageRow,
} from './presenters.js';
export { forwardOnlyCondition, statusRank } from './status-rule.js';
export { chatVisibleTo } from './visibility-filter.js';
export {
  adminsRoom,
  canSeeChat,
  chatRooms,
  personalRoom,
  sessionRoom,
  viewerRooms,
  type ChatAudience,
  type Viewer,
} from './visibility.js';
export {
  composerWindow,
  mayReply,
  replyRefusal,
  replyWindowOf,
  type WindowChat,
} from './window.js';
