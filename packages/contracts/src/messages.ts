import { SALDO_PDF_MAX_ENTRIES, SHEET_LIMITS } from './limits.js';

/** 16384 → '16,384', as the messages print their limits. */
const n = (value: number) => value.toLocaleString('en-US');

/**
 * Every user-facing string the spec fixes (§5, §8). Server and web both read from here so the
 * wording cannot drift between the API's error bodies and the toasts.
 */
export const MESSAGES = {
  loginFailed: "Oops, email and password didn't match.",
  confirmationInvalid: 'Confirmation code invalid. Please contact our team.',
  emailValidationFailed: 'Email validation registration failed',
  registerError: 'Oops, error at register.',
  passwordMismatchToast: "Oops, password and confirm password didn't match.",
  passwordMismatch: 'Password is not the same as confirm password.',
  updateProfileFailed: 'Failed when update profile',
  templateFailed: 'Oops, something went wrong',
  sessionExpired: 'Your session has expired',
  successLogin: 'Success login',
  successRegister: 'Success Register',
  successUpdateProfile: 'Success update profile',
  registerCheckEmail: 'Register success. Check your email to activate.',
  accountActivated: 'Thank you! Your account is now activated.',
  insufficientBalance: 'Insufficient Balance',
  windowClosedCode: "can't send message out, use template instead",
  windowClosed:
    "Can't send message out. This conversation is over 24 hours old. Please use a template instead.",
  // Meta's page channels (Messenger, Instagram): why a reply was refused before it was sent.
  windowNoCustomerMessage:
    'The customer has not written to this channel yet: Meta lets a business reply only after the customer writes.',
  windowAutomaticAfter24h:
    'The customer last wrote more than 24 hours ago: only a person may reply now, not an automatic message.',
  windowHumanAgentOff:
    "The customer last wrote more than 24 hours ago and this channel does not use Meta's human agent tag: wait for the customer to write again.",
  windowHumanAgentExpired:
    'The customer last wrote more than 7 days ago: Meta allows no reply until they write again.',
  templatesWhatsappOnly:
    'Templates are sent on WhatsApp only. Messenger and Instagram customers get a message instead.',
  templatesCloudOnly:
    'Templates are sent through the WhatsApp Cloud API. On a number linked by QR code, write a message instead: it has no 24-hour window.',
  attachmentNotAllowed:
    'This channel does not take this kind of file, or the file is larger than it allows.',
  // Connecting a Messenger page or an Instagram account: what Meta refused.
  channelTokenRefused:
    'The token was refused by Meta. Copy a fresh page access token and try again.',
  channelPageNotFound: 'This page id does not exist or the token cannot read it.',
  channelInstagramNotFound:
    'This Instagram account or page id does not exist or the token cannot read it.',
  channelInstagramNotLinked: 'This Instagram account is not linked to that Facebook Page.',
  resolveTicketFailed: 'Failed to resolve ticket, Please try again later',
  serverNotResponding: 'Our server is not responding properly',
  loadMoreChatsFailed: 'Failed to load more chats. Please try again.',
  newerMessagesFailed: "Showing old messages. there's a problem when trying to load newer messages",
  noMessages: 'No messages to load',
  noMoreMessages: 'No more messages to load',
  loadMoreMessagesFailed: 'Failed to load more messages. Please try again.',
  targetMessageFailed: "There's a problem when loading target message",
  messageNotFound: 'Message not found',
  noActiveChatroom: 'No active chatroom',
  someError: 'Some error occured',
  csatDisabled: 'Customer Satisfaction feature is not enabled',
  csatNotFound: 'This survey link is not valid',
  csatAnswered: 'This survey has already been answered',
  csatExpired: 'This survey has expired',
  allowNotification: 'Please allow notification from your browser',
  invalidPhone: 'Invalid phone number',
  invalidEmail: 'The value is not a valid email address',
  assignedToAnother: '{name} has been assigned to another agent',
  conversationResolved: 'Your conversation has been resolved',
  contactBlocked: 'Contact has been blocked',
  resolveConfirmTitle: 'Resolve Confirmation',
  resolveConfirm: 'Are you sure to resolve this ticket?',
  blockConfirm: 'Are you sure you want to block this contact?',
  archiveConfirm: 'Are you sure you want to archive this chat?',
  unarchiveConfirm: 'Are you sure you want to unarchive this chat?',
  // Not fixed by the spec; ours, kept here so every screen says the same thing.
  twoFactorRequired: 'Two-factor authentication is required',
  twoFactorInvalid: 'Invalid authentication code',
  unauthorized: 'You are not signed in',
  forbidden: 'You do not have access to this action',
  notFound: 'Not found',
  emailTaken: 'This email is already registered',
  currentPasswordWrong: 'Current password is not correct',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  resetRequested: 'If the email is registered, we have sent reset instructions to it.',
  passwordChanged: 'Your password has been changed',
  inviteLinkInvalid: 'This invitation link is invalid or has expired',
  userDeactivated: 'This user has been deactivated',
  accountSuspended:
    'This account has been suspended. Please contact Sapa support to restore access.',
  trialUsed: 'The free trial has already been used',
  trialUnavailable: 'The free trial is only for accounts that have never had a plan',
  planNotFound: 'This plan does not exist',
  orderNotFound: 'Order not found',
  orderAlreadyPaid: 'This order has already been paid',
  orderClosed: 'This order can no longer be paid. Please create a new one.',
  planAlreadyActive: 'This account already has a paid plan. Renew it instead.',
  noPlanToRenew: 'There is no paid plan to renew. Please choose a plan.',
  renewalTooEarly: 'Renewal opens 7 days before the due date',
  paymentGatewayDown: 'The payment service is not responding. Please try again in a moment.',
  paymentGatewayRefused: 'The payment service refused this payment. Please try again later.',
  settingNotFound: 'Unknown setting',
  // API keys (issue 19): each refusal says what to do about it.
  apiKeyInvalid: 'This API key is not valid. Check that it was copied whole.',
  apiKeyRevoked: 'This API key has been revoked. Create a new one under Settings › API.',
  apiKeyExpired: 'This API key has expired. Create a new one under Settings › API.',
  apiKeyNotAllowed:
    'This endpoint cannot be used with an API key; it is for people signed in to Sapa.',
  apiKeyMissingScope: 'This API key lacks the scope this endpoint needs: {scope}',
  restApiDisabled:
    'The REST API is turned off for this account. An admin can turn it on under Settings › API.',
  apiKeyNotFound: 'API key not found',
  apiKeyExpiryPast: 'expiresAt must be in the future',
  lastAdmin: 'An account needs at least one active admin',
  // Sending refused for the plan or the account (issue 16); balance refusals use insufficientBalance.
  subscriptionExpiredSend: 'Your subscription has expired. Renew it to send messages.',
  accountSuspendedSend:
    'This account is suspended, so messages cannot be sent. Please contact Sapa support.',
  divisionNameTaken: 'A division with this name already exists',
  divisionNotInAccount: 'One or more divisions do not belong to this account',
  agentNotInAccount: 'One or more agents do not belong to this account',
  inviteOnlyInvited: 'Only users who have not accepted their invitation can be invited again',
  userNotFound: 'User not found',
  divisionNotFound: 'Division not found',
  invalidRole: 'Role must be admin, supervisor or agent',
  labelNotFound: 'Label not found',
  labelNameTaken: 'A label with this name already exists',
  agentNotFound: 'This agent does not exist or is not active',
  chatBlocked: 'This contact is blocked',
  quickReplyNotFound: 'Quick reply not found',
  quickReplyTaken: 'A quick reply with this shortcut already exists',
  ticketNotFound: 'Ticket not found',
  contactNotFound: 'Contact not found',
  contactPhoneTaken: 'A contact with this phone number already exists',
  contactMergeSelf: 'A contact cannot be merged with itself',
  contactGroupNotFound: 'Contact group not found',
  contactGroupNameTaken: 'A contact group with this name already exists',
  attributeKeyTaken: 'An attribute with this key already exists',
  importFileUnreadable: 'This file could not be read. Upload a CSV or XLSX file.',
  // Spreadsheet limits (SHEET_LIMITS): each names the limit the file passed.
  sheetTooManyColumns: `A row may not have more than ${n(SHEET_LIMITS.columns)} columns`,
  sheetTooManyCells: `The file may not have more than ${n(SHEET_LIMITS.cells)} cells`,
  sheetCellTooLong: `A cell may not hold more than ${n(SHEET_LIMITS.cellChars)} characters`,
  sheetRowTooLong: `A row may not hold more than ${n(SHEET_LIMITS.rowChars)} characters`,
  sheetTooMuchText: `The file may not hold more than ${n(SHEET_LIMITS.textChars)} characters of text`,
  sheetUnpackedTooLarge: `An XLSX file may not hold more than ${SHEET_LIMITS.unpackedBytes / 1024 / 1024} MB once unpacked`,
  sheetTooManyParts: `An XLSX file may not contain more than ${n(SHEET_LIMITS.zipEntries)} files`,
  sheetXmlTooDeep: `An XLSX file's XML may not be nested more than ${SHEET_LIMITS.xmlDepth} levels deep`,
  sheetXmlTooLong: `An XLSX file's XML may not have a tag or text longer than ${n(SHEET_LIMITS.xmlTokenChars)} characters`,
  importNoPhoneColumn: 'The file needs a phone column',
  importExpired: 'This import has expired. Upload the file again.',
  unstorableText: 'The request contains a character that cannot be stored',
  numberOutOfRange: 'A number in the request is out of range',
  invalidValue: 'A value in the request is not valid',
  channelAlreadyConnected: 'This phone number id is already connected',
  // One sentence for every refusal (the token cannot read the number, the number is in another
  // WABA, another account holds it) so the answer reveals nothing about other accounts.
  channelNotVerified:
    'We could not verify this number with that access token. Check the phone number id, the WhatsApp Business Account id and the token.',
  channelVerifyUnavailable:
    'We could not reach Meta to verify this number. Please try again in a minute.',
  // Messenger and Instagram: the page's own account, and the refusal that reveals no other tenant.
  channelPageAlreadyConnected: 'This page or Instagram account is already connected',
  channelPageNotVerified:
    'We could not connect this page with that token. Check the page id, the Instagram account id and the token.',
  // Managing a connected channel (issue 17 §3).
  channelDisconnected:
    'This channel is disconnected. Reconnect it in Integration to send messages.',
  // A broadcast goes out only from a connected channel: refused before anything is created, and a
  // running one pauses with this reason when its channel is disconnected.
  broadcastChannelDisconnected:
    'This channel is disconnected. Reconnect it before sending a broadcast.',
  broadcastChannelDeleted:
    'This channel was deleted. Choose a connected channel for the broadcast.',
  channelNotDisconnected: 'Disconnect the channel before deleting it.',
  channelAlreadyDisconnected: 'This channel is already disconnected.',
  channelNotDisconnectedYet: 'This channel is connected; there is nothing to reconnect.',
  channelNoToken: 'This channel has no access token to change.',
  channelHumanAgentPagesOnly: 'Only Messenger and Instagram channels have human agent replies.',
  channelHealthTokenRefused:
    "Meta refused this channel's access token (it was revoked, expired or replaced). Edit the channel with a new token.",
  channelHealthNotFound:
    'Meta no longer lets this token act for this channel. Check the ids and the token, then edit the channel.',
  channelHealthLoggedOut:
    'The phone logged this linked number out of WhatsApp (or it went 14 days unused). Link it again with a new QR code.',
  channelHealthForbidden:
    'WhatsApp refused this linked number. Check the phone, then link it again with a new QR code.',
  // The balance history's filters and statement (issue 16).
  dateRangeReversed: 'The from date must not be after the to date',
  saldoPdfTooLong: `A PDF statement holds up to ${n(SALDO_PDF_MAX_ENTRIES)} entries. Choose a shorter period, or download the CSV.`,
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Builders for the shared validation helper's messages (§5 "Shared"). */
export const validationMessage = {
  required: (field: string) => `The ${field} field is required`,
  string: (field: string) => `The ${field} field must be a string`,
  min: (field: string, min: number) => `The ${field} field must be at least ${min} characters`,
  max: (field: string, max: number) => `The ${field} field may not be more than ${max} characters`,
  nul: (field: string) => `The ${field} field must not contain a NUL character`,
  passwordStrength: (field: string) =>
    `The ${field} field must contain at least one number and one uppercase letter`,
};

export type WaitUnit = 'second' | 'minute';

/**
 * A throttled caller's wait, as the 429 sentence and its Retry-After header both give it: seconds
 * under a minute, whole minutes (rounded up) from a minute on, so the two always agree.
 */
export function rateLimitWait(ms: number): { seconds: number; count: number; unit: WaitUnit } {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return { seconds, count: seconds, unit: 'second' };
  const minutes = Math.ceil(seconds / 60);
  return { seconds: minutes * 60, count: minutes, unit: 'minute' };
}

/** The 429 sentence (the web translates it by `TOO_MANY_ATTEMPTS_PATTERN`). */
export function tooManyAttemptsMessage(count: number, unit: WaitUnit): string {
  return `Too many attempts. Try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}

export const TOO_MANY_ATTEMPTS_PATTERN =
  /^Too many attempts\. Try again in (\d+) (second|minute)s?\.$/;
