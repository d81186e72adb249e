import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * The otpauth:// URI as a QR code, drawn as one SVG path (no innerHTML, nothing fetched).
 * Dark modules on white in both themes, because authenticator cameras expect that contrast.
 * data-totp-uri lets the browser tests compute codes the way an authenticator app would.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(uri, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: qr.size, path: d };
  }, [uri]);

  return (
    <div
      data-totp-uri={uri}
      className="inline-block rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200 dark:ring-slate-700"
    >
      <svg
        viewBox={`0 0 ${size} ${size}`}
        className="h-44 w-44"
        shapeRendering="crispEdges"
        role="img"
        aria-label="QR code for your authenticator app"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#0f172a" />
      </svg>
    </div>
  );
}
