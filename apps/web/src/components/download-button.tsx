import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import type { DownloadedFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** 'Download Excel': fetches the screen's file, saves it under the server's name, and says how it went. */
export function DownloadButton({
  download,
  fileName,
  label = 'Download Excel',
  disabled = false,
}: {
  download: () => Promise<DownloadedFile>;
  /** Used when the server names none. */
  fileName: string;
  label?: string;
  disabled?: boolean;
}) {
  const toast = useToast();
  const [isDownloading, setIsDownloading] = useState(false);
  const onClick = async () => {
    setIsDownloading(true);
    try {
      const file = await download();
      saveFile(file.blob, file.fileName ?? fileName);
      toast.success(messages.exportDownloaded);
    } catch {
      toast.error(messages.exportGenerateFailed);
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Button variant="secondary" disabled={disabled} isLoading={isDownloading} onClick={() => void onClick()}>
      {label}
    </Button>
  );
}
