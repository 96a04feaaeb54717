/**
 * The photo uploader of component tests: the real one talks to the server, here a button stands for
 * "chosen and saved" and saves '/api/files/{label with a dash}.jpg'. In a test file:
 * `vi.mock('@/components/photo-uploader/photo-uploader', () => import('@/testing/photo-uploader-stub'));`
 */
export function PhotoUploader({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (url: string) => void;
}) {
  return value ? (
    <p>{label} saved</p>
  ) : (
    <button type="button" onClick={() => onChange(`/api/files/${label.replace(' ', '-')}.jpg`)}>
      Save {label}
    </button>
  );
}
