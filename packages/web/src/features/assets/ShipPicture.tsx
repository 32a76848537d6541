import { useTexts } from '../../api/i18n.ts';
import { assetsTexts } from './texts.ts';

/** A neutral ship drawing for an asset without an image. */
export function ShipPicture({ className }: { className?: string }) {
  const t = useTexts(assetsTexts);
  return (
    <svg
      className={className}
      viewBox="0 0 240 130"
      role="img"
      aria-label={t('noImage')}
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="240" height="130" fill="#0e4f78" />
      <path d="M0 100 Q30 94 60 100 T120 100 T180 100 T240 100 V130 H0 Z" fill="#0b3d5c" />
      <path d="M50 84 H190 L176 102 H66 Z" fill="#dfe7ee" />
      <rect x="96" y="62" width="48" height="22" rx="2" fill="#c2d1dd" />
      <rect x="104" y="68" width="8" height="6" fill="#0e4f78" />
      <rect x="116" y="68" width="8" height="6" fill="#0e4f78" />
      <rect x="128" y="68" width="8" height="6" fill="#0e4f78" />
      <rect x="118" y="46" width="8" height="16" fill="#c2d1dd" />
    </svg>
  );
}
