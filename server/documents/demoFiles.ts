import { createHash } from 'node:crypto';

/**
 * The demo documents' bytes, made here (nothing is downloaded): a one-page PDF with a line
 * of text, and plain text. The seed records their size and hash; the module writes the
 * files when the server starts and finds them missing (the seed has no data folder).
 */
export function tinyPdf(line: string): Buffer {
  const text = line.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface DemoFile {
  /** The file key: the SHA-256 of the bytes, so the seed and the start agree. */
  key: string;
  title: string;
  mimeType: 'application/pdf' | 'text/plain';
  bytes: Buffer;
}

function demoFile(title: string, mimeType: DemoFile['mimeType'], bytes: Buffer): DemoFile {
  const hex = createHash('sha256').update(bytes).digest('hex');
  return { key: hex, title, mimeType, bytes };
}

export const demoFiles: readonly DemoFile[] = [
  demoFile('Reglamento interno 2026.pdf', 'application/pdf', tinyPdf('Reglamento interno de convivencia escolar 2026')),
  demoFile('Calendario de evaluaciones.pdf', 'application/pdf', tinyPdf('Calendario de evaluaciones - primer semestre')),
  demoFile('Lista de útiles.txt', 'text/plain', Buffer.from('Lista de útiles\n\n- 2 cuadernos universitarios\n- Lápiz grafito y goma\n- Estuche\n', 'utf8')),
];
