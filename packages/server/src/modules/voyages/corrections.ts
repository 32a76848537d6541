import type { LegKind, VoyageCorrectionRequest } from '@fleet/shared/answers/voyages.ts';

/**
 * Operators' corrections applied on top of the detected legs (docs/domain.md §37.5): in the order they were made,
 * each on the result of the ones before, so the same detection and corrections always give the same legs. A
 * correction that finds no leg to act on does nothing.
 */
export interface LegShape {
  kind: LegKind;
  start: number;
  end: number;
  fromPlace: string | null;
  toPlace: string | null;
  ongoing: boolean;
  /** positions of the leg's first and last fix as detected; null where a correction cut the leg */
  startPos: [number, number] | null;
  endPos: [number, number] | null;
  corrected: boolean;
}

const isStop = (k: LegKind) => k === 'berth' || k === 'anchor';

function merge(legs: LegShape[], start: number, end: number): LegShape[] {
  const i = legs.findIndex((l) => l.start === start);
  const j = legs.findIndex((l) => l.end === end);
  if (i < 0 || j < i) return legs;
  const part = legs.slice(i, j + 1);
  const first = part[0];
  const last = part[part.length - 1];
  const passages = part.filter((l) => !isStop(l.kind));
  const kind: LegKind = !passages.length
    ? first.kind
    : passages.every((l) => l.kind === 'towing')
      ? 'towing'
      : 'underway';
  const merged: LegShape = {
    kind,
    start: first.start,
    end: last.end,
    fromPlace: first.fromPlace,
    toPlace: last.toPlace,
    ongoing: last.ongoing,
    startPos: first.startPos,
    endPos: last.endPos,
    corrected: true,
  };
  return [...legs.slice(0, i), merged, ...legs.slice(j + 1)];
}

function split(legs: LegShape[], at: number): LegShape[] {
  const i = legs.findIndex((l) => l.start < at && at < l.end);
  if (i < 0) return legs;
  const l = legs[i];
  const stop = isStop(l.kind);
  const a: LegShape = {
    ...l,
    end: at,
    toPlace: stop ? l.toPlace : null,
    ongoing: false,
    endPos: null,
    corrected: true,
  };
  const b: LegShape = { ...l, start: at, fromPlace: stop ? l.fromPlace : null, startPos: null, corrected: true };
  return [...legs.slice(0, i), a, b, ...legs.slice(i + 1)];
}

function rename(legs: LegShape[], start: number, place: string, which: 'from' | 'to' | 'both'): LegShape[] {
  return legs.map((l) =>
    l.start !== start
      ? l
      : {
          ...l,
          fromPlace: which === 'to' ? l.fromPlace : place,
          toPlace: which === 'from' ? l.toPlace : place,
          corrected: true,
        },
  );
}

export function applyCorrections(legs: LegShape[], corrections: readonly VoyageCorrectionRequest[]): LegShape[] {
  let out = legs;
  for (const c of corrections) {
    if (c.action === 'merge') out = merge(out, c.start, c.end);
    else if (c.action === 'split') out = split(out, c.at);
    else out = rename(out, c.start, c.place, c.which);
  }
  return out;
}
