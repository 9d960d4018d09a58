export { SessionProvider } from './SessionProvider';
export { useSession, useSetting, toGuardSession } from './SessionContext';
export type { Session, SessionStatus } from './SessionContext';
export { onSessionEnd } from './teardown';
export type { SessionData } from './loadSession';
