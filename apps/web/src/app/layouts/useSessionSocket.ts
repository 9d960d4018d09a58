import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectSocket } from '../../lib/socket';
import { useSession } from '../session';

/**
 * Opens the session's realtime socket as soon as a signed-in shell is on screen, so live updates
 * (notifications, badges, chat events) reach every page and not only /chat. `connectSocket`
 * reuses the live socket, so remounting the shell or strict-mode effects never open a second
 * one. No cleanup on purpose: moving between layouts unmounts the shell, and the socket must
 * survive that; the session's teardown (logout, expiry) closes it.
 */
export function useSessionSocket(): void {
  const { status, token, claims, user } = useSession();
  const queryClient = useQueryClient();
  // The guard only draws the shell for a verified session; checked again here so a 2FA-pending
  // token can never open a socket the server would refuse anyway.
  const verified =
    status === 'ready' &&
    token !== null &&
    user !== null &&
    (!user.isTwoFactorAuthenticationEnabled || claims?.isTwoFactorAuthenticated === true);
  const userId = user?._id ?? null;
  const role = user?.role ?? null;
  const divisionOnlyView = user?.divisionOnlyView ?? false;

  useEffect(() => {
    // Role and division-only view decide which chats leave the lists on live events (spec §4).
    const viewer = role ? { role, divisionOnlyView } : null;
    if (verified) connectSocket({ queryClient, userId, viewer });
  }, [verified, queryClient, userId, role, divisionOnlyView]);
}
