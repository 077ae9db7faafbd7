import { queryOptions, useQuery } from '@tanstack/react-query';
import { releasesResponseSchema } from '../../../../shared/api/catalog.js';
import { apiGet } from '../../../lib/api-client.js';

export function releasesQueryOptions(label: string, limit: number) {
  return queryOptions({
    queryKey: ['releases', { label, limit }],
    queryFn: ({ signal }) =>
      apiGet(releasesResponseSchema, '/releases', { label, limit, include_artists: true }, signal),
  });
}

export function useReleases(label: string, limit: number) {
  return useQuery(releasesQueryOptions(label, limit));
}
