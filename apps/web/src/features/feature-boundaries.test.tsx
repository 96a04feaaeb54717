import { describe, expect, it } from 'vitest';

/**
 * Features do not import one another (STYLE.md): Biome's noRestrictedImports enforces it with one
 * override per feature folder in biome.json. This test makes sure a new feature gets its override,
 * and scans the sources as a second check.
 */
const sources = import.meta.glob<string>(['./**/*.ts', './**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const [biomeJson = '{}'] = Object.values(
  import.meta.glob<string>('../../../../biome.json', { query: '?raw', import: 'default', eager: true }),
);

/** './users/components/users-table.tsx' → 'users'. */
const featureOf = (file: string) => file.split('/')[1] ?? '';
const features = [...new Set(Object.keys(sources).map(featureOf))].filter((name) => !name.includes('.'));

/** The feature an import names: '@/features/x/…', or a relative path that climbs out of the feature. */
function importedFeature(file: string, source: string): string | null {
  if (source.startsWith('@/features/')) return source.split('/')[2] ?? null;
  if (!source.startsWith('.')) return null;
  const parts = file.split('/').slice(0, -1);
  for (const part of source.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  // parts[0] is '.', the features folder; parts[1] the feature reached.
  return parts[0] === '.' ? (parts[1] ?? null) : null;
}

describe('feature boundaries', () => {
  it('biome.json restricts the imports of every feature folder', () => {
    const config: { overrides?: { includes?: string[] }[] } = JSON.parse(biomeJson);
    const guarded = new Set((config.overrides ?? []).flatMap((override) => override.includes ?? []));
    expect(features.length).toBeGreaterThan(5);
    expect(features.filter((feature) => !guarded.has(`apps/web/src/features/${feature}/**`))).toEqual([]);
  });

  it('no feature imports another feature', () => {
    const crossings = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/from\s+'([^']+)'/g)]
        .map(([, source = '']) => source)
        .filter((source) => {
          const other = importedFeature(file, source);
          return other !== null && other !== featureOf(file) && features.includes(other);
        })
        .map((source) => `${file} → ${source}`),
    );
    expect(crossings).toEqual([]);
  });
});
