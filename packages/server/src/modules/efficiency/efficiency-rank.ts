/**
 * docs/domain.md §38 rank: within each asset type, by L/NM ascending as shown (2 decimals); equal figures share a
 * rank and the next one skips (1, 1, 3). A vessel without L/NM or without a type has no rank. Pure.
 */
export interface Rankable {
  matyId: number | null;
  litresPerNm: number | null;
}

export function rankByType<R extends Rankable>(rows: R[]): Map<R, { rank: number; rankOf: number }> {
  const byType = new Map<number, { row: R; shown: number }[]>();
  for (const row of rows) {
    if (row.matyId === null || row.litresPerNm === null) continue;
    const group = byType.get(row.matyId) ?? [];
    // compared in hundredths, as the figure is shown
    group.push({ row, shown: Math.round(row.litresPerNm * 100) });
    byType.set(row.matyId, group);
  }
  const ranks = new Map<R, { rank: number; rankOf: number }>();
  for (const group of byType.values()) {
    group.sort((a, b) => a.shown - b.shown);
    group.forEach((g, i) => {
      const rank = i > 0 && group[i - 1].shown === g.shown ? ranks.get(group[i - 1].row)!.rank : i + 1;
      ranks.set(g.row, { rank, rankOf: group.length });
    });
  }
  return ranks;
}
