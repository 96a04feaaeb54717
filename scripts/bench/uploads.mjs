// Photo uploads that cannot take the server down: the 16000 × 16000 progressive JPEG that once cost
// ~740 MB (now refused from its header), ten parallel uploads of the largest photo the server accepts
// (peak RSS, and RSS one minute later), and the p50 of a 3 MB phone photo.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  createCounsellor,
  load,
  loginToken,
  multipart,
  phoneJpeg,
  postAtOnce,
  root,
  rssMb,
  settledRss,
  withProduct,
} from './harness.mjs';

const SETTLE_MS = Number(process.env.BENCH_UPLOAD_SETTLE_MS ?? 60_000);

/** The server's limit, read from the domain package it is defined in (checked against the server below). */
const MAX_PHOTO_PIXELS =
  Number(
    /MAX_PHOTO_MEGAPIXELS = (\d+)/.exec(
      readFileSync(path.join(root, 'packages/domain/src/photos.rules.ts'), 'utf8'),
    )?.[1],
  ) * 1_000_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Textured content, so the file is as big as a real photo of that size and its decoding as slow. */
function texture(width, height) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const grain = ((x * 7919 + y * 104729) % 23) - 11;
      raw[i] = ((x >> 5) + grain) & 255;
      raw[i + 1] = ((y >> 5) + grain) & 255;
      raw[i + 2] = (((x + y) >> 6) + grain) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

let images;
/** Made once per run (they take ~15 s): the largest accepted photos, the attack, one row too many. */
async function benchImages() {
  if (images) return images;
  const width = 8000;
  const height = Math.floor(MAX_PHOTO_PIXELS / width);
  images = {
    // Progressive, so it cannot be shrunk on load: the dearest kind to decode. At the pixel limit with
    // 4:2:0 chroma, what encoders write by default.
    largest420: {
      size: `${width}×${height}`,
      bytes: await texture(width, height)
        .jpeg({ quality: 75, progressive: true, chromaSubsampling: '4:2:0' })
        .toBuffer(),
    },
    // 4:4:4 chroma doubles the cost: the largest the server's decode budget takes (files.service.ts).
    largest444: {
      size: '6600×5000',
      bytes: await texture(6600, 5000).jpeg({ quality: 75, progressive: true, chromaSubsampling: '4:4:4' }).toBuffer(),
    },
    oneRowTooMany: await sharp({ create: { width, height: height + 1, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer(),
    attack: await sharp({ create: { width: 16000, height: 16000, channels: 3, background: '#c87828' } })
      .jpeg({ progressive: true })
      .toBuffer(),
    phone: await phoneJpeg(),
  };
  return images;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Sends `count` uploads of `content` at once while sampling the server's RSS; answers statuses, time, peak. */
async function parallelUploads({ base, pid, token, content, count }) {
  return postAtOnce({ url: `${base}/api/upload-photo`, token, bodies: Array(count).fill(multipart(content)), pid });
}

export async function benchUploads({ label, env, port = 4805 }) {
  const pictures = await benchImages();
  return withProduct({ port, env }, async ({ base, pid }) => {
    const rows = [];
    const adminToken = await loginToken(base);
    // One counsellor per part, so that no part runs into the per-user upload limit.
    const tokens = {};
    for (const part of ['warm', 'attack', 'largest420', 'largest444', 'phone']) {
      tokens[part] = await (await createCounsellor(base, adminToken, `uploads-${part}`)).login();
    }
    // Idle: the server after start, a sign-in and one small upload (sharp loaded), settled.
    const warm = await parallelUploads({ base, pid, token: tokens.warm, content: pictures.phone, count: 1 });
    const limitCheck = await parallelUploads({
      base,
      pid,
      token: tokens.warm,
      content: pictures.oneRowTooMany,
      count: 1,
    });
    if (warm.tally !== '1×201' || limitCheck.tally !== '1×400') {
      throw new Error(`bench assumes a ${MAX_PHOTO_PIXELS} pixel limit; the server disagrees`);
    }
    const fresh = await settledRss(pid);
    // A fresh process holds start-up garbage (migrations, PGlite's data dir) until its first full GC:
    // idle is measured once it has taken one large photo and rested, as a server in use would be.
    const first = await parallelUploads({
      base,
      pid,
      token: tokens.warm,
      content: pictures.largest420.bytes,
      count: 1,
    });
    await sleep(SETTLE_MS);
    const idle = await settledRss(pid);
    rows.push({
      database: label,
      what: 'at rest: fresh → after 1 largest upload + 60 s',
      input: '-',
      answers: `${first.tally}, ${fresh.toFixed(0)} → ${idle.toFixed(0)} MB`,
      'wall ms': first.ms.toFixed(0),
      'idle MB': idle.toFixed(0),
      'peak MB': `${first.peak.toFixed(0)} (+${(first.peak - idle).toFixed(0)})`,
      'after 60 s MB': '-',
    });
    const row = (what, input, result, after) =>
      rows.push({
        database: label,
        what,
        input,
        answers: result.tally,
        'wall ms': result.ms.toFixed(0),
        'idle MB': idle.toFixed(0),
        'peak MB': `${result.peak.toFixed(0)} (+${(result.peak - idle).toFixed(0)})`,
        'after 60 s MB': after === undefined ? '-' : `${after.toFixed(0)} (+${(after - idle).toFixed(0)})`,
      });

    const attack = await parallelUploads({ base, pid, token: tokens.attack, content: pictures.attack, count: 3 });
    row('16000×16000 progressive, 3 at once', mb(pictures.attack.length), attack);

    for (const [part, what] of [
      ['largest420', 'largest accepted, progressive 4:2:0'],
      ['largest444', 'largest accepted, progressive 4:4:4'],
    ]) {
      const { size, bytes } = pictures[part];
      const result = await parallelUploads({ base, pid, token: tokens[part], content: bytes, count: 10 });
      await sleep(SETTLE_MS);
      row(`10 parallel: ${what}`, `${size}, ${mb(bytes.length)}`, result, rssMb(pid));
    }

    const phone = multipart(pictures.phone);
    const phoneLoad = await load({
      url: `${base}/api/upload-photo`,
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.phone}`, 'content-type': phone.contentType },
      body: phone.body,
      pid,
      connections: 1,
      duration: 5,
    });
    rows.push({
      database: label,
      what: 'phone photo, one at a time (5 s)',
      input: `4000×3000, ${mb(pictures.phone.length)}`,
      answers: `p50 ${phoneLoad.p50} ms, p99 ${phoneLoad.p99} ms, ${phoneLoad.non2xx} errors`,
      'wall ms': '-',
      'idle MB': idle.toFixed(0),
      'peak MB': `${phoneLoad.peakRssMb.toFixed(0)} (+${(phoneLoad.peakRssMb - idle).toFixed(0)})`,
      'after 60 s MB': '-',
    });
    return rows;
  });
}

const RATE_SECONDS = Number(process.env.BENCH_UPLOAD_RATE_SECONDS ?? 20);
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;

/**
 * Phone photos offered at `perSecond` for `seconds` whatever the server does (an open loop, as counsellors
 * at many desks send them), spread over the counsellors so that none reaches the per-user limit; or, with
 * `concurrency`, that many sent one after the other as fast as they are answered (a closed loop: what the
 * server sustains). Answers the answers by status, photos stored per second, and p50/p99 of the stored ones.
 */
async function uploadRun({ base, tokens, body, perSecond, concurrency, seconds }) {
  const statuses = new Map();
  const stored = [];
  let next = 0;
  const one = async () => {
    const started = performance.now();
    const response = await fetch(`${base}/api/upload-photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}`, 'content-type': body.contentType },
      body: body.body,
    });
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (response.status === 201) stored.push(performance.now() - started);
  };
  const started = performance.now();
  const sent = [];
  if (perSecond) {
    for (let n = 0; n < perSecond * seconds; n += 1) {
      await sleep(Math.max(0, started + (n * 1000) / perSecond - performance.now()));
      sent.push(one());
    }
  } else {
    const until = started + seconds * 1000;
    const worker = async () => {
      while (performance.now() < until) await one();
    };
    sent.push(...Array.from({ length: concurrency }, worker));
  }
  await Promise.all(sent);
  const ms = performance.now() - started;
  stored.sort((a, b) => a - b);
  return {
    answers: [...statuses].map(([status, n]) => `${n}×${status}`).join(' '),
    busy: statuses.get(503) ?? 0,
    perSecond: (stored.length / ms) * 1000,
    p50: Math.round(percentile(stored, 0.5)),
    p99: Math.round(percentile(stored, 0.99)),
  };
}

/** Photo throughput: what the 2 decodes at a time sustain, and what 1, 2 and 4 phone photos a second get. */
export async function benchUploadRates({ label, env, port = 4806 }) {
  const body = multipart(await phoneJpeg());
  return withProduct({ port, env }, async ({ base }) => {
    const rows = [];
    const adminToken = await loginToken(base);
    // 60 uploads per user in 10 minutes: 8 counsellors take 4 a second for 2 minutes.
    const tokens = [];
    for (let n = 0; n < 8; n += 1) tokens.push(await (await createCounsellor(base, adminToken, `rate-${n}`)).login());
    await uploadRun({ base, tokens, body, concurrency: 1, seconds: 2 });
    const runs = [
      ['as fast as answered, 2 at a time (the decode concurrency)', { concurrency: 2 }],
      ['offered at 1 a second', { perSecond: 1 }],
      ['offered at 2 a second', { perSecond: 2 }],
      ['offered at 4 a second', { perSecond: 4 }],
    ];
    for (const [what, options] of runs) {
      const result = await uploadRun({ base, tokens, body, seconds: RATE_SECONDS, ...options });
      rows.push({
        database: label,
        what: `${what}, ${RATE_SECONDS} s`,
        answers: result.answers,
        '503s': result.busy,
        'stored/s': result.perSecond.toFixed(2),
        'p50 ms': result.p50,
        'p99 ms': result.p99,
      });
    }
    return rows;
  });
}
