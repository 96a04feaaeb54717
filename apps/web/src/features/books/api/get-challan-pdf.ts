import { api } from '@/lib/api-client';

/** GET /api/pdf/challan: a challan as a printable delivery note. */
export function getChallanPdf(id: number): Promise<Blob> {
  return api.getBlob(`/pdf/challan?${new URLSearchParams({ id: String(id) })}`);
}
