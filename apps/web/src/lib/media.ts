import { refreshAccessToken } from './http';
import { getToken } from './storage';

/**
 * Attachments and contact pictures need the bearer header, so an <img src> cannot load them
 * directly: fetch the bytes with the token (refreshing once on a 401) and hand back a Blob.
 */
export async function fetchMedia(url: string, signal?: AbortSignal): Promise<Blob> {
  const get = (token: string | null) =>
    fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
      ...(signal ? { signal } : {}),
    });
  let response = await get(getToken());
  if (response.status === 401) {
    const token = await refreshAccessToken();
    if (token) response = await get(token);
  }
  if (!response.ok) throw new Error(`Media request failed with ${response.status}`);
  return response.blob();
}
