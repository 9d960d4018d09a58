import { useCallback, useEffect, useState } from 'react';
import { fetchMedia } from '../../lib/media';

export type MediaState = (
  { status: 'idle' | 'loading' | 'error'; src: null } | { status: 'ready'; src: string }
) & {
  /** Tries again after a failure (the server may still have been downloading the file). */
  retry: () => void;
};

type LoadState =
  { status: 'idle' | 'loading' | 'error'; src: null } | { status: 'ready'; src: string };

/** An object URL for a message's attachment, revoked when the bubble goes away. */
export function useMediaUrl(url: string | null): MediaState {
  const [state, setState] = useState<LoadState>({ status: url ? 'loading' : 'idle', src: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!url) {
      setState({ status: 'idle', src: null });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading', src: null });
    fetchMedia(url, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', src: objectUrl });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error', src: null });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

/** Saves an attachment under its original name. */
export async function downloadMedia(url: string, filename: string): Promise<void> {
  const blob = await fetchMedia(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
