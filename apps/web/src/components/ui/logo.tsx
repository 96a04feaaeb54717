import { cn } from '@/lib/cn';

/** The company mark; decorative, so the text beside it names the link. */
export function Logo({ className }: { className?: string }) {
  return <img src="/logo.svg" alt="" width={36} height={36} className={cn('size-9 shrink-0', className)} />;
}
