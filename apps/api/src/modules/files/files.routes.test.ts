import { messages } from '@app/domain/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../testing/photos';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { MAX_PHOTO_EDGE } from './files.service';

let t: TestApp;
let counsellor: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  counsellor = (await t.createStaff({ role: 'counsellor' })).headers;
});
afterAll(() => t.close());

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

async function upload(
  app: TestApp,
  content: Buffer,
  options?: Parameters<typeof multipartBody>[1],
  headers = counsellor,
) {
  const body = multipartBody(content, options);
  return app.app.inject({
    method: 'POST',
    url: '/api/upload-photo',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

describe('POST /api/upload-photo', () => {
  it('stores a JPEG, capped in size, and serves it by its hash with immutable caching', async () => {
    const response = await upload(t, await photo(3000, 2000).jpeg().toBuffer());
    expect(response.statusCode).toBe(201);
    const { imageUrl } = response.json();
    expect(imageUrl).toMatch(/^\/api\/files\/[0-9a-f]{64}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(MAX_PHOTO_EDGE);
  });

  it('strips the GPS position and every other piece of metadata', async () => {
    const withGps = await photo(400, 300)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Cheap Phone 5' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '18/1 31/1 2040/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '73/1 51/1 1200/100',
        },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const { imageUrl } = (await upload(t, withGps)).json();
    const stored = (await t.app.inject({ method: 'GET', url: imageUrl })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const sideways = await photo(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { imageUrl } = (await upload(t, sideways)).json();
    const meta = await sharp((await t.app.inject({ method: 'GET', url: imageUrl })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 300]);
  });

  it('stores the same photo once, under the same name', async () => {
    const bytes = await photo(200, 200).jpeg().toBuffer();
    const first = (await upload(t, bytes)).json().imageUrl;
    const second = (await upload(t, bytes, { filename: 'again.jpeg' })).json().imageUrl;
    expect(second).toBe(first);
  });

  it.each([
    ['a PNG', async () => photo(50, 50).png().toBuffer(), { filename: 'photo.png', type: 'image/png' }],
    ['a PNG named .jpg', async () => photo(50, 50).png().toBuffer(), {}],
    ['a text file named .jpg', async () => Buffer.from('not a photo at all'), {}],
    [
      'a file that only starts like a JPEG',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]),
      {},
    ],
  ])('refuses %s with the spec message', async (_label, make, options) => {
    const response = await upload(t, await make(), options);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.onlyJpeg);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10, 1)]);
    const response = await upload(t, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(messages.photoTooLarge);
  });

  it('refuses a request without the file field', async () => {
    const response = await upload(t, await photo(50, 50).jpeg().toBuffer(), { field: 'photo' });
    expect(response.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload-photo',
      headers: counsellor,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('is for signed-in counsellors and admins', async () => {
    const bytes = await photo(50, 50).jpeg().toBuffer();
    expect((await upload(t, bytes, {}, { authorization: '' })).statusCode).toBe(401);
    const teacher = await t.createStaff({ role: 'teacher' });
    expect((await upload(t, bytes, {}, teacher.headers)).statusCode).toBe(403);
    expect((await upload(t, bytes, {}, await t.adminAuth())).statusCode).toBe(201);
  });
});

describe('GET /api/files/:name', () => {
  it.each([`${'0'.repeat(64)}.jpg`, 'abc.jpg', '../../etc/passwd', `${'A'.repeat(64)}.jpg`])(
    'answers 404 for %s',
    async (name) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/files/${encodeURIComponent(name)}` });
      expect(response.statusCode).toBe(404);
    },
  );
});

describe('the database file store', () => {
  it('keeps and serves photos in the database', async () => {
    const other = await createTestApp({ fileStore: 'database' });
    try {
      const headers = (await other.createStaff({ role: 'counsellor' })).headers;
      const response = await upload(other, await photo(120, 90).jpeg().toBuffer(), {}, headers);
      expect(response.statusCode).toBe(201);
      const served = await other.app.inject({ method: 'GET', url: response.json().imageUrl });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(120);
      // And not on the disk store of the first app.
      expect((await t.app.inject({ method: 'GET', url: response.json().imageUrl })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
