import { randomBytes, randomInt } from 'node:crypto';

const ALNUM = /[^A-Za-z0-9]/g;

/** Looks like Meta's wamid (base64 of an internal key); alphanumeric so it is safe in URLs. */
export function newWamid(): string {
  return `wamid.HBgM${randomBytes(36).toString('base64').replace(ALNUM, '').slice(0, 40)}`;
}

/** Meta media ids are 15–16 digit numbers, as strings. */
export function newMediaId(): string {
  return `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
}

export function newTraceId(): string {
  return randomBytes(12).toString('base64').replace(ALNUM, '').slice(0, 11).padEnd(11, 'A');
}

export function newToken(): string {
  return randomBytes(18).toString('base64url');
}

export function unixSeconds(ms: number): string {
  return String(Math.floor(ms / 1000));
}

const digits = (n: number) =>
  Array.from({ length: n }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');

/** Messenger message ids: `m_` and a long URL-safe key. */
export function newMessengerMid(): string {
  return `m_${randomBytes(48).toString('base64url').slice(0, 62)}`;
}

/** Instagram message ids: Meta's start `aWdfZAG1f…` (base64 of an internal key); URL-safe here. */
export function newInstagramMid(igId: string): string {
  return `aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlE${Buffer.from(`${igId}:${digits(38)}`).toString('base64url')}`;
}

/** Page-scoped (PSID) and Instagram-scoped (IGSID) user ids: 16-digit numbers as strings. */
export function newScopedUserId(): string {
  return digits(16);
}

/** Ids of stories, uploaded attachments and other Graph objects: 17-digit numbers. */
export function newGraphObjectId(): string {
  return digits(17);
}
