import { createContext, useContext } from 'react';

/** A page's main picture, as its <img> asks for it: the first HTML preloads the same choice of copies. */
export interface PriorityImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * The pictures a server render met with `fetchPriority="high"`, in order (entry-server.tsx writes a
 * `<link rel="preload">` for each into <head>, so that the browser fetches them before it reads the
 * body). Only the server's render provides it: in the browser there is nothing to collect.
 */
export const PriorityImages = createContext<PriorityImage[] | null>(null);

/** Tells the server's render that this picture is one of the page's main ones (`isPriority`). */
export function usePriorityImage(image: PriorityImage | null): void {
  const collected = useContext(PriorityImages);
  if (collected && image && !collected.some((known) => known.src === image.src && known.sizes === image.sizes)) collected.push(image);
}
