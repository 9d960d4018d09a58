import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CsatAnswerBody, PublicCsat } from '@sapa/contracts';
import { HttpError, api } from '../../lib/http';

const surveyKey = (token: string) => ['public', 'csat', token] as const;

/** The survey behind a public link; a 404 or 410 is an answer, not worth asking again. */
export function usePublicSurvey(token: string) {
  return useQuery({
    queryKey: surveyKey(token),
    queryFn: ({ signal }) =>
      api.get<PublicCsat>(`/public/csat/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useAnswerSurvey(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CsatAnswerBody) =>
      api.post<PublicCsat>(`/public/csat/${encodeURIComponent(token)}`, { body }),
    onSuccess: (survey) => client.setQueryData(surveyKey(token), survey),
    // Answered elsewhere meanwhile (another tab) or expired: the page shows the survey as it now is.
    onError: (error) => {
      if (error instanceof HttpError && (error.status === 409 || error.status === 410))
        void client.invalidateQueries({ queryKey: surveyKey(token) });
    },
  });
}
