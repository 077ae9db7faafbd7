import { lazy, Suspense, useState, type ComponentType } from 'react';

export interface LazyDialog<P extends { open: boolean }> {
  (props: P): React.JSX.Element | null;
  /** Loads the dialog ahead: where the server draws it open, before rendering there and before hydrating here. */
  preload(): Promise<void>;
}

/**
 * A dialog whose code loads when it first opens, not with the page (docs/decisions/0023). Once
 * opened it stays mounted, so that it fades out when closed. Rendered already loaded (after
 * `preload()`), it is the dialog itself, with no Suspense boundary: the server's HTML and the
 * browser's first render are the same tree.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): LazyDialog<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType<P> };
  });

  function LazyDialogComponent(props: P) {
    const [hasOpened, setHasOpened] = useState(props.open);
    // Decided once: a dialog first drawn through Suspense stays under it, so that a later render (its
    // owner's state changed) keeps the same tree and the dialog's state, rather than mounting it again.
    const [wasLoaded] = useState(() => Loaded !== undefined);
    if (props.open && !hasOpened) setHasOpened(true);
    if (!hasOpened) return null;
    if (wasLoaded && Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialogComponent, { preload });
}
