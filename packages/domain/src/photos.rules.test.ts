import { describe, expect, it } from 'vitest';
import { isWithinPhotoPixelLimit, MAX_PHOTO_PIXELS } from './photos.rules';

describe('photo pixel limit', () => {
  it.each([
    [8160, 6120, true], // 50 MP phone sensor (ISOCELL GN2)
    [8192, 6144, true], // 50 MP phone sensor (IMX766)
    [6120, 8160, true], // the same photo taken upright
    [4000, 3000, true],
    [1, 1, true],
    [MAX_PHOTO_PIXELS, 1, true],
    [MAX_PHOTO_PIXELS + 1, 1, false],
    [9248, 6936, false], // 64 MP
    [16000, 16000, false],
    [0, 100, false],
  ])('%i × %i → %s', (width, height, allowed) => {
    expect(isWithinPhotoPixelLimit(width, height)).toBe(allowed);
  });
});
