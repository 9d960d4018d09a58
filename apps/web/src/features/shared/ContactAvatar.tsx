import { Avatar, type AvatarProps } from '@mantine/core';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fetchMedia } from '../../lib/media';

const PICTURE = 'contactPicture';

/** Object URLs of pictures the query cache dropped are released with them. */
const watched = new WeakSet<QueryClient>();
function releaseDropped(client: QueryClient): void {
  if (watched.has(client)) return;
  watched.add(client);
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed' || event.query.queryKey[0] !== PICTURE) return;
    const src: unknown = event.query.state.data;
    if (typeof src === 'string') URL.revokeObjectURL(src);
  });
}

/**
 * The contact's picture as an object URL (it needs the bearer header, so no plain <img src>).
 * One fetch per picture for every avatar showing it: the chat row, the header and the contact
 * page share the cached answer, and the URL changes when the picture does. Undefined while
 * loading, without a picture, or when it failed.
 */
export function useContactPicture(pictureUrl: string | undefined): string | undefined {
  const client = useQueryClient();
  releaseDropped(client);
  const { data } = useQuery({
    queryKey: [PICTURE, pictureUrl],
    queryFn: async ({ signal }) => URL.createObjectURL(await fetchMedia(pictureUrl ?? '', signal)),
    enabled: Boolean(pictureUrl),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
  return pictureUrl ? data : undefined;
}

interface ContactAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  /** The contact's or chat's `pictureUrl`, when it has one. */
  pictureUrl?: string | undefined;
  /** What shows without a picture, or when it cannot be loaded: the initials. */
  initials: string;
}

/** A customer's avatar: Meta's profile picture when Sapa has it, the initials otherwise. */
export function ContactAvatar({ pictureUrl, initials, ...props }: ContactAvatarProps) {
  const src = useContactPicture(pictureUrl);
  return (
    <Avatar {...props} src={src ?? null} data-picture={src ? true : undefined}>
      {initials}
    </Avatar>
  );
}
