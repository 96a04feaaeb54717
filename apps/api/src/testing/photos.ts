import sharp from 'sharp';

/** A small real JPEG of one colour. */
export function testJpeg(width = 120, height = 160, colour = { r: 200, g: 120, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipartBody(content: Buffer, { field = 'file', filename = 'photo.jpg', type = 'image/jpeg' } = {}) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
