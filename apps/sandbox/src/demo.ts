// The sandbox's seeded business accounts, in a module with no imports so Sapa's demo seed and
// tests can import the same values (`@sapa/sandbox/demo`) without pulling the sandbox in.

/** The demo business number; Sapa's demo seed points its WhatsApp channel at these values. */
export const DEMO_NUMBER = {
  phoneNumberId: '100000000000001',
  displayPhoneNumber: '6281100000001',
  wabaId: '200000000000001',
  accessToken: 'sandbox-access-token',
  name: 'Demo Company',
} as const;

/**
 * The app the sandbox treats as Sapa's: its page subscriptions, and the `app_id` of the echoes of
 * messages Sapa sent through the Send API.
 */
export const SAPA_APP_ID = 800000000000001;

/**
 * The `app_id` Meta puts on echoes of messages a person typed in Meta's own inbox (Business
 * Suite, the Pages Manager and Instagram apps): not Sapa's, so Sapa shows them as sent elsewhere.
 */
export const META_INBOX_APP_ID = 263902037430900;

/** Demo Company's Facebook Page, already connected to Sapa's app (subscribed) by the seed. */
export const DEMO_MESSENGER_PAGE = {
  pageId: '300000000000001',
  name: 'Demo Company',
  accessToken: 'sandbox-page-token-demo-messenger',
} as const;

/**
 * Demo Company's Instagram professional account, linked through its own Facebook Page (the
 * "Messenger API for Instagram" way): Sapa connects it with these three values.
 */
export const DEMO_INSTAGRAM_ACCOUNT = {
  instagramAccountId: '17841400000000001',
  username: 'democompany.id',
  name: 'Demo Company',
  pageId: '300000000000002',
  pageName: 'Demo Company Instagram',
  pageAccessToken: 'sandbox-page-token-demo-instagram',
} as const;

/** A second Page, not subscribed: for trying "connect a Messenger page" as a new admin would. */
export const SPARE_MESSENGER_PAGE = {
  pageId: '300000000000003',
  name: 'Demo Company Bandung',
  accessToken: 'sandbox-page-token-spare-messenger',
} as const;

/** A second Instagram account on its own Page, not subscribed, for trying "connect Instagram". */
export const SPARE_INSTAGRAM_ACCOUNT = {
  instagramAccountId: '17841400000000002',
  username: 'democompany.bandung',
  name: 'Demo Company Bandung',
  pageId: '300000000000004',
  pageName: 'Demo Company Bandung Instagram',
  pageAccessToken: 'sandbox-page-token-spare-instagram',
} as const;

/**
 * The phone of the number a demo links by QR code (WhatsApp basic, issue 20): the sandbox's
 * WhatsApp-Web stand-in plays it, its "Linked devices" page scans the QR Sapa shows.
 */
export const DEMO_WA_PHONE = {
  phone: '6281200000001',
  name: 'Demo Company',
} as const;
