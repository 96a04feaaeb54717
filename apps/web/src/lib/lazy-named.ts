import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** React.lazy for a module's named export (our modules have no default exports). */
export function lazyNamed<K extends string, P extends object = object>(
  name: K,
  load: () => Promise<Record<K, ComponentType<P>>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
