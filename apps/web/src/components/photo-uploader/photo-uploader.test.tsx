import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stub';
import { PhotoUploader } from './photo-uploader';

const IMAGE_URL = `/api/files/${'a'.repeat(64)}.jpg`;

function jpegFile(name = 'photo.jpg') {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46])], name, { type: 'image/jpeg' });
}

function pngFile() {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'photo.png', {
    type: 'image/png',
  });
}

/** The uploader as a form uses it: the parent keeps the saved imageUrl. */
function Harness({ onChange }: { onChange: (imageUrl: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <PhotoUploader
      label="Student Photo"
      mode="passport"
      value={value}
      onChange={(imageUrl) => {
        setValue(imageUrl);
        onChange(imageUrl);
      }}
    />
  );
}

function setup() {
  const onChange = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  render(<Harness onChange={onChange} />);
  return { user, onChange, input: screen.getByLabelText('Choose File') };
}

const fetchMock = stubFetch();

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PhotoUploader', () => {
  it('refuses a PNG with the JPEG-only message and offers no Save', async () => {
    const { user, input } = setup();
    await user.upload(input, pngFile());

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Only JPG and JPEG files are supported');
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('refuses a file named .jpg whose bytes are not JPEG', async () => {
    const { user, input } = setup();
    const fake = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'fake.jpg', { type: 'image/jpeg' });
    await user.upload(input, fake);

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Only JPG and JPEG files are supported');
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
  });

  it('previews a JPEG with Save and Remove; Remove goes back to no file', async () => {
    const { user, input } = setup();
    await user.upload(input, jpegFile());

    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Student Photo preview' }).getAttribute('src')).toBe('blob:preview');
    await user.click(screen.getByRole('button', { name: 'Remove' }));

    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Use Camera' })).toBeTruthy();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('saves: POSTs the file to /api/upload-photo, hands back the imageUrl and hides Remove', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { imageUrl: IMAGE_URL }));
    const { user, input, onChange } = setup();
    const file = jpegFile();
    await user.upload(input, file);
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onChange).toHaveBeenCalledWith(IMAGE_URL));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/upload-photo');
    expect(init?.method).toBe('POST');
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('file');
    expect(sent).toBeInstanceOf(Blob);
    expect((sent as Blob).size).toBe(file.size);

    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Student Photo (saved)' }).getAttribute('src')).toBe(IMAGE_URL);

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: 'Use Camera' })).toBeTruthy();
  });

  it('waits as a busy server asks (503 with Retry-After) and sends the photo again, instead of failing', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(503, { message: 'Busy', code: 'SERVICE_UNAVAILABLE' }, { 'retry-after': '0' }),
      )
      .mockResolvedValueOnce(
        jsonResponse(503, { message: 'Busy', code: 'SERVICE_UNAVAILABLE' }, { 'retry-after': '0' }),
      )
      .mockResolvedValueOnce(jsonResponse(201, { imageUrl: IMAGE_URL }));
    const { user, input, onChange } = setup();
    await user.upload(input, jpegFile());
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onChange).toHaveBeenCalledWith(IMAGE_URL));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives up after a few 503s and shows the server message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { message: 'The server is busy' }, { 'retry-after': '0' }));
    const { user, input } = setup();
    await user.upload(input, jpegFile());
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The server is busy');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('shows "Saving..." on the button while the upload runs', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, input } = setup();
    await user.upload(input, jpegFile());
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveProperty('disabled', true);
    answer(jsonResponse(201, { imageUrl: IMAGE_URL }));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('shows the server message when the upload fails, and keeps the photo to retry', async () => {
    fetchMock.mockResolvedValue(jsonResponse(413, { message: 'Photo must be at most 10 MB' }));
    const { user, input, onChange } = setup();
    await user.upload(input, jpegFile());
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Photo must be at most 10 MB');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('falls back to the generic upload message when the server sends none', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user, input } = setup();
    await user.upload(input, jpegFile());
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to upload image. Please try again.');
  });

  it('reports a camera it cannot open', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Use Camera' }));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Unable to access camera. Please check permissions.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('captures a passport photo from the rear camera, cropped to 3:4 at 300×400, and stops the camera', async () => {
    const stopTrack = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((callback) =>
        callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xdb])], { type: 'image/jpeg' })),
      );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);

    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Use Camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Student Photo: camera' });
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });

    const video = dialog.querySelector('video') as HTMLVideoElement;
    Object.defineProperty(video, 'videoWidth', { value: 1280 });
    Object.defineProperty(video, 'videoHeight', { value: 720 });
    fireEvent.loadedMetadata(video);
    await user.click(screen.getByRole('button', { name: 'Capture' }));

    // A 1280×720 frame: the centred 540×720 strip, drawn at 300×400.
    expect(drawImage).toHaveBeenCalledWith(video, 370, 0, 540, 720, 0, 0, 300, 400);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.8);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stopTrack).toHaveBeenCalled();
  });

  it('stops the camera when the dialog is cancelled', async () => {
    const stopTrack = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream);
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);

    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Use Camera' }));
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stopTrack).toHaveBeenCalled();
  });
});
