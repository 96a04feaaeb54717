import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Features do not import one another (STYLE.md): Biome's noRestrictedImports enforces it with one
 * override per feature folder in biome.json. This test makes sure a new feature gets its override,
 * and scans the sources as a second check.
 */
const featuresDir = path.resolve(import.meta.dirname);
const root = path.resolve(featuresDir, '../../../..');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('feature boundaries', () => {
  it('biome.json restricts the imports of every feature folder', () => {
    const config: { overrides?: { includes?: string[] }[] } = JSON.parse(
      readFileSync(path.join(root, 'biome.json'), 'utf8'),
    );
    const guarded = new Set((config.overrides ?? []).flatMap((override) => override.includes ?? []));
    expect(features.filter((feature) => !guarded.has(`apps/web/src/features/${feature}/**`))).toEqual([]);
  });

  it('no feature imports another feature', () => {
    const crossings: string[] = [];
    for (const feature of features) {
      for (const file of sourcesOf(path.join(featuresDir, feature))) {
        for (const [, source = ''] of readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)) {
          const resolved = source.startsWith('.') ? path.resolve(path.dirname(file), source) : source;
          const other = resolved.startsWith('@/features/')
            ? source.split('/')[2]
            : path.relative(featuresDir, resolved).split(path.sep)[0];
          const isFeaturePath =
            source.startsWith('@/features/') || (source.startsWith('.') && !other?.startsWith('..'));
          if (isFeaturePath && other && other !== feature && features.includes(other)) {
            crossings.push(`${path.relative(root, file)} → ${source}`);
          }
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});
