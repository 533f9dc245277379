import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

interface Matrix {
  size: number;
  dark: (x: number, y: number) => boolean;
}

/**
 * The QR code of an authenticator app's `otpauth://` address, drawn on the device (`qrcode`,
 * loaded with it): the secret never leaves for an image service. Drawn as SVG squares from
 * the code's matrix, so no HTML string and no data URL are involved.
 */
export function TotpQr({ uri }: { uri: string }) {
  const { t } = useLingui();
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode').then(
      (qr) => {
        const { modules } = qr.create(uri, { errorCorrectionLevel: 'M' });
        if (live) setMatrix({ size: modules.size, dark: (x, y) => modules.get(y, x) === 1 });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [uri]);
  if (!matrix) return <div className="totp-qr totp-qr-pending" aria-hidden="true" />;
  const quiet = 2;
  const squares: string[] = [];
  for (let y = 0; y < matrix.size; y++)
    for (let x = 0; x < matrix.size; x++)
      // eslint-disable-next-line lingui/no-unlocalized-strings -- an SVG path, not UI text
      if (matrix.dark(x, y)) squares.push(`M${x + quiet} ${y + quiet}h1v1h-1z`);
  const side = matrix.size + quiet * 2;
  return (
    <svg className="totp-qr" viewBox={`0 0 ${side} ${side}`} role="img" aria-label={t`QR code for your authenticator app`}>
      <rect width={side} height={side} fill="#fff" />
      <path d={squares.join('')} fill="#000" />
    </svg>
  );
}
