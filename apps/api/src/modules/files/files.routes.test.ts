import { messages } from '@app/domain/messages';
import { MAX_PHOTO_PIXELS, PHOTO_UPLOAD_WINDOW_MS, PHOTO_UPLOADS_PER_WINDOW } from '@app/domain/photos.rules';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { multipartBody } from '../../testing/photos';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  decodeCost,
  MAX_PHOTO_EDGE,
  PHOTO_DECODE_BUDGET_BYTES,
  PHOTO_QUEUE_RETRY_AFTER_SECONDS,
  photoQueue,
} from './files.service';

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

  it("is for signed-in staff (teachers too, for questions' images: issue 28), never a student", async () => {
    const bytes = await photo(50, 50).jpeg().toBuffer();
    expect((await upload(t, bytes, {}, { authorization: '' })).statusCode).toBe(401);
    const teacher = await t.createStaff({ role: 'teacher' });
    expect((await upload(t, bytes, {}, teacher.headers)).statusCode).toBe(201);
    expect((await upload(t, bytes, {}, await t.adminAuth())).statusCode).toBe(201);
  });
});

/** The same JPEG with other dimensions written in its frame header (SOF): what a decoder would allocate for. */
function withDeclaredSize(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let i = 2; i + 9 < copy.length; ) {
    if (copy[i] !== 0xff) throw new Error('not a JPEG marker');
    const marker = copy[i + 1] ?? 0;
    if (marker === 0xc0 || marker === 0xc2) {
      copy.writeUInt16BE(height, i + 5);
      copy.writeUInt16BE(width, i + 7);
      return copy;
    }
    i += 2 + copy.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
}

describe('POST /api/upload-photo: pixel limit', () => {
  it.each([
    ['16000 × 16000', 16000, 16000],
    ['just above the limit', 8000, MAX_PHOTO_PIXELS / 8000 + 1],
    ['one very long edge', 65000, 1000],
  ])('refuses %s from its header, before decoding, with 400', async (_label, width, height) => {
    const small = await photo(64, 64).jpeg({ progressive: true }).toBuffer();
    const declared = withDeclaredSize(small, width, height);
    expect((await sharp(declared).metadata()).width).toBe(width);
    const started = performance.now();
    const response = await upload(t, declared);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.photoTooManyPixels, code: 'BAD_REQUEST' });
    expect(messages.photoTooManyPixels).toBe('Photo must be at most 52 megapixels');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('takes a photo of exactly the limit (a 50 MP phone camera at full size fits under it)', async () => {
    const width = 8000;
    const height = MAX_PHOTO_PIXELS / width;
    const response = await upload(t, await photo(width, height).jpeg().toBuffer());
    expect(response.statusCode).toBe(201);
    const stored = (await t.app.inject({ method: 'GET', url: response.json().imageUrl })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([MAX_PHOTO_EDGE, Math.round((MAX_PHOTO_EDGE * height) / width)]);
  });

  it('counts a large progressive JPEG as dear to decode, by its chroma, and a baseline one as cheap', () => {
    const size = { width: 8000, height: 6500, channels: 3 as const };
    const progressive420 = decodeCost({ ...size, chromaSubsampling: '4:2:0', isProgressive: true });
    const progressive444 = decodeCost({ ...size, chromaSubsampling: '4:4:4', isProgressive: true });
    const baseline444 = decodeCost({ ...size, chromaSubsampling: '4:4:4', isProgressive: false });
    expect(progressive420).toBeGreaterThan(8000 * 6500 * 1.5 * 2);
    expect(progressive420).toBeLessThanOrEqual(PHOTO_DECODE_BUDGET_BYTES);
    expect(progressive444).toBe(2 * progressive420 - baseline444);
    expect(progressive444).toBeGreaterThan(PHOTO_DECODE_BUDGET_BYTES);
    expect(baseline444).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a progressive JPEG that would need more decode memory than one photo may take', async () => {
    const small = await photo(64, 64).jpeg({ progressive: true, chromaSubsampling: '4:4:4' }).toBuffer();
    const response = await upload(t, withDeclaredSize(small, 8000, 6000));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.photoTooComplex, code: 'BAD_REQUEST' });
    // The same size with the usual chroma subsampling is within budget: it is decoded (grey where cut off).
    const usual = await photo(64, 64).jpeg({ progressive: true, chromaSubsampling: '4:2:0' }).toBuffer();
    expect((await upload(t, withDeclaredSize(usual, 8000, 6000))).statusCode).toBe(201);
  });
});

describe('POST /api/upload-photo: malformed requests', () => {
  const boundary = 'XyZzy0123';
  const partHead = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const close = `\r\n--${boundary}--\r\n`;
  const multipart = `multipart/form-data; boundary=${boundary}`;

  it.each<[string, string | undefined, (jpeg: Buffer) => Buffer | string, number, string]>([
    [
      'multipart without a boundary',
      'multipart/form-data',
      (jpeg) => Buffer.concat([Buffer.from(partHead('file')), jpeg, Buffer.from(close)]),
      400,
      messages.uploadMalformed,
    ],
    [
      'an empty boundary',
      'multipart/form-data; boundary=',
      (jpeg) => Buffer.concat([Buffer.from(partHead('file')), jpeg, Buffer.from(close)]),
      400,
      messages.uploadMalformed,
    ],
    [
      'a part cut off before its end',
      multipart,
      (jpeg) => Buffer.concat([Buffer.from(partHead('file')), jpeg]),
      400,
      messages.uploadMalformed,
    ],
    [
      'part headers cut off',
      multipart,
      () => `--${boundary}\r\nContent-Disposition: form-data; name="file"`,
      400,
      messages.uploadMalformed,
    ],
    [
      'another boundary than announced',
      'multipart/form-data; boundary=other',
      (jpeg) => Buffer.concat([Buffer.from(partHead('file')), jpeg, Buffer.from(close)]),
      400,
      messages.uploadMalformed,
    ],
    ['an empty body', multipart, () => '', 400, messages.photoMissing],
    ['no part at all', multipart, () => `--${boundary}--\r\n`, 400, messages.photoMissing],
    ['an empty file', multipart, () => `${partHead('file')}${close}`, 400, messages.photoEmpty],
    [
      'the photo in another field',
      multipart,
      (jpeg) => Buffer.concat([Buffer.from(partHead('photo')), jpeg, Buffer.from(close)]),
      400,
      messages.photoMissing,
    ],
    [
      'a text field named file',
      multipart,
      () => `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file${close}`,
      400,
      messages.photoMissing,
    ],
    [
      'a text field before the photo',
      multipart,
      (jpeg) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
          Buffer.from(partHead('file')),
          jpeg,
          Buffer.from(close),
        ]),
      400,
      messages.photoMissing,
    ],
    [
      'two photos',
      multipart,
      (jpeg) =>
        Buffer.concat([
          Buffer.from(partHead('file')),
          jpeg,
          Buffer.from('\r\n'),
          Buffer.from(partHead('file')),
          jpeg,
          Buffer.from(close),
        ]),
      400,
      messages.photoOneOnly,
    ],
    ['a bare JPEG body', 'image/jpeg', (jpeg) => jpeg, 400, messages.photoMissing],
    ['an octet stream', 'application/octet-stream', (jpeg) => jpeg, 400, messages.photoMissing],
    ['multipart/mixed', `multipart/mixed; boundary=${boundary}`, (jpeg) => jpeg, 400, messages.photoMissing],
    ['no content type', undefined, (jpeg) => jpeg, 400, messages.photoMissing],
    ['plain text', 'text/plain', () => 'hello', 400, messages.photoMissing],
    ['broken JSON', 'application/json', () => '{"file":', 400, ''],
  ])('answers %s with a 4xx in our format', async (_label, contentType, body, status, message) => {
    const jpeg = await photo(40, 40).jpeg().toBuffer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload-photo',
      headers: { ...counsellor, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
      payload: body(jpeg),
    });
    expect(response.statusCode).toBe(status);
    const answer = response.json();
    expect(answer.code).toBe('BAD_REQUEST');
    expect(typeof answer.message).toBe('string');
    if (message) expect(answer.message).toBe(message);
    // Our security headers on error answers too.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('still takes a well-formed upload afterwards', async () => {
    expect((await upload(t, await photo(30, 30).jpeg().toBuffer())).statusCode).toBe(201);
  });
});

describe('POST /api/upload-photo: limits on how much work one user and the server take on', () => {
  it(`lets a user upload ${PHOTO_UPLOADS_PER_WINDOW} photos per window, then answers 429 with Retry-After`, async () => {
    let now = Date.now();
    const limited = await createTestApp({ attempts: memoryAttemptStore(() => now) });
    try {
      const priya = (await limited.createStaff({ role: 'counsellor' })).headers;
      const ravi = (await limited.createStaff({ role: 'counsellor' })).headers;
      const bytes = await photo(16, 16).jpeg().toBuffer();
      for (let i = 0; i < PHOTO_UPLOADS_PER_WINDOW; i += 1) {
        const response = await upload(limited, bytes, {}, priya);
        expect(response.statusCode).toBe(201);
      }
      now += 60_000;
      const refused = await upload(limited, bytes, {}, priya);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: messages.tooManyUploads, code: 'TOO_MANY_REQUESTS' });
      expect(Number(refused.headers['retry-after'])).toBe((PHOTO_UPLOAD_WINDOW_MS - 60_000) / 1000);
      // Refused before the body is read: even a malformed one gets the 429.
      const malformed = await limited.app.inject({
        method: 'POST',
        url: '/api/upload-photo',
        headers: { ...priya, 'content-type': 'multipart/form-data' },
        payload: 'x',
      });
      expect(malformed.statusCode).toBe(429);
      // Another user is not affected.
      expect((await upload(limited, bytes, {}, ravi)).statusCode).toBe(201);
      // A new window, a new allowance.
      now += PHOTO_UPLOAD_WINDOW_MS;
      expect((await upload(limited, bytes, {}, priya)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 with Retry-After at once when the photo queue is full, and works again once it drains', async () => {
    let release = () => {};
    const blocker = new Promise<void>((resolve) => {
      release = resolve;
    });
    // One dear task running alone, and the waiting line filled behind it.
    const held = [photoQueue.run(Number.MAX_SAFE_INTEGER, () => blocker)];
    while (!photoQueue.isFull()) held.push(photoQueue.run(1, async () => {}));
    try {
      const started = performance.now();
      const response = await upload(t, await photo(20, 20).jpeg().toBuffer());
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: messages.uploadsBusy, code: 'SERVICE_UNAVAILABLE' });
      expect(response.headers['retry-after']).toBe(String(PHOTO_QUEUE_RETRY_AFTER_SECONDS));
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await upload(t, await photo(20, 20).jpeg().toBuffer())).statusCode).toBe(201);
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
