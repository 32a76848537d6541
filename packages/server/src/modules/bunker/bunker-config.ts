/**
 * §24.5 tolerance bands (percent of the reference): BUNKER_TOLERANCE_WARNING_PCT (default 0.5) and
 * BUNKER_TOLERANCE_PROTEST_PCT (default 1, the customary letter-of-protest threshold).
 */
export function toleranceLimits(env: NodeJS.ProcessEnv = process.env): { warning: number; protest: number } {
  const num = (v: string | undefined, d: number) => {
    const n = Number(v);
    return v !== undefined && v.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : d;
  };
  const warning = num(env.BUNKER_TOLERANCE_WARNING_PCT, 0.5);
  return { warning, protest: Math.max(warning, num(env.BUNKER_TOLERANCE_PROTEST_PCT, 1)) };
}
