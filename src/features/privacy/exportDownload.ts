import { requestFile } from '../../api/client';

/** The object URL lives this long: enough for the browser to save the file. */
const objectUrlLifetimeMs = 60_000;

/**
 * Downloads a ready export (once: the server answers 410 after). The route reads the token
 * from the `Authorization` header only, so the bytes are fetched through the HTTP door and
 * handed to the browser as an object URL under the server's file name. Must be called from
 * the click's handler. Errors (ApiError 410, NetworkError) are the caller's to show.
 */
export async function downloadExport(id: string, request = requestFile): Promise<void> {
  const response = await request(`/api/v1/privacy/exports/${id}/download`, {});
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'patio-data.zip';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), objectUrlLifetimeMs);
}
