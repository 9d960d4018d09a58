type Teardown = () => void;

const handlers = new Set<Teardown>();

/**
 * Lets session-bound resources (the realtime socket, feature caches) clean up when the session
 * ends by logout or expiry. Returns an unregister function.
 */
export function onSessionEnd(handler: Teardown): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}

export function runSessionEnd(): void {
  // Spec §4: logout clears the socket; it must not outlive the token it was opened with. Imported
  // on demand: the sign-in pages also end sessions but must not download socket.io-client and
  // the inbox's realtime handlers to do it (the signed-in shell has them loaded already).
  // If it cannot be fetched it was never loaded here, and there is no socket to close.
  void import('../../lib/socket')
    .then(({ disconnectSocket }) => disconnectSocket())
    .catch(() => undefined);
  for (const handler of handlers) {
    try {
      handler();
    } catch (error) {
      console.error('Session teardown failed', error);
    }
  }
}
