// A component whose code loads when it is first shown, like React's lazy(), that can be asked for
// early: once its code is here it renders at once, never through a Suspense fallback (which React
// may hold on screen for a moment). For the parts only a login shows, kept out of a visitor's
// first download (docs/decisions/0140) and loaded before a login's first render.
import { lazy, type ComponentType, type JSX } from "react";

export interface Preloadable<P> {
  /** Renders the component; suspends (inside the caller's Suspense) while its code is on its way. */
  Component: (props: P & JSX.IntrinsicAttributes) => JSX.Element;
  /** Fetches its code; resolves once it is here. */
  preload: () => Promise<unknown>;
}

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed download may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Component(props: P & JSX.IntrinsicAttributes) {
    const Ready = loaded;
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload };
}
