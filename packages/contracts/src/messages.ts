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
  allowNotification: 'Please allow notification from your browser',
  invalidPhone: 'Invalid phone number',
  invalidEmail: 'The value is not a valid email address',
  // Not fixed by the spec; ours, kept here so every screen says the same thing.
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
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
  trialUsed: 'The free trial has already been used',
  trialUnavailable: 'The free trial is only for accounts that have never had a plan',
  planNotFound: 'This plan does not exist',
  settingNotFound: 'Unknown setting',
  lastAdmin: 'An account needs at least one active admin',
  divisionNameTaken: 'A division with this name already exists',
  divisionNotInAccount: 'One or more divisions do not belong to this account',
  agentNotInAccount: 'One or more agents do not belong to this account',
  inviteOnlyInvited: 'Only users who have not accepted their invitation can be invited again',
  userNotFound: 'User not found',
  divisionNotFound: 'Division not found',
  invalidRole: 'Role must be admin, supervisor or agent',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Builders for the shared validation helper's messages (§5 "Shared"). */
export const validationMessage = {
  required: (field: string) => `The ${field} field is required`,
  string: (field: string) => `The ${field} field must be a string`,
  min: (field: string, min: number) => `The ${field} field must be at least ${min} characters`,
  max: (field: string, max: number) => `The ${field} field may not be more than ${max} characters`,
  passwordStrength: (field: string) =>
    `The ${field} field must contain at least one number and one uppercase letter`,
};
