import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { pageMeta } from './page-meta.js';

/**
 * Keeps the tab's title right while browsing: the server wrote the first page's; each later page
 * gets the same title its own first HTML would have, as soon as the data it names is loaded.
 */
export function DocumentTitle() {
  const matches = useMatches();
  const { key } = useLocation();
  const queryClient = useQueryClient();
  const [, setCacheVersion] = useState(0);
  useEffect(() => queryClient.getQueryCache().subscribe(() => setCacheVersion((v) => v + 1)), [queryClient]);
  const routeIds = matches.map((match) => match.id);
  const params = matches.at(-1)?.params ?? {};
  const title = pageMeta({ routeIds, params, queryClient, origin: 'http://localhost', status: 200 }).title;
  // The first page keeps the server's title (it knows a 404 from a page) until the visitor moves on;
  // from then on every page has its own, the first one too when Back returns to it.
  const [firstKey] = useState(key);
  const [hasMoved, setHasMoved] = useState(false);
  if (key !== firstKey && !hasMoved) setHasMoved(true);
  useEffect(() => {
    if (hasMoved) document.title = title;
  }, [hasMoved, title]);
  return null;
}
