/** Product mark and name. */
export function Brand({ light, compact }: { light?: boolean; compact?: boolean }) {
  return (
    <span className={`brand${light ? ' brand-light' : ''}${compact ? ' brand-compact' : ''}`}>
      <svg viewBox="0 0 64 64" width={compact ? 28 : 36} height={compact ? 28 : 36} aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#0e6ba8" />
        <path d="M10 38h44l-7 12H17z" fill="#fff" />
        <path d="M24 22h14v12H24z" fill="#7fd3ff" />
        <path d="M30 12h4v10h-4z" fill="#fff" />
      </svg>
      <span className="brand-name">Fleet Monitoring</span>
    </span>
  );
}
