export const fmtNum = (v: number | null | undefined, digits = 2) => (v == null ? '-' : v.toFixed(digits));
