import type {
  TrackAnswer,
  VoyageCorrection,
  VoyageCorrectionRequest,
  VoyagesAnswer,
} from '@fleet/shared/answers/voyages.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { saveDownload } from '../../api/reports.ts';

/** The Voyages screen's calls (docs/api.md "Voyages", "Track"); periods in epoch seconds, `[start, end)`. */

export function useVoyages(assetId: number | null, start: number, end: number) {
  return useQuery({
    queryKey: ['voyages', assetId, start, end],
    queryFn: ({ signal }) => api.get<VoyagesAnswer>(`/voyages/${assetId}/period/${start}/${end}`, { signal }),
    enabled: assetId != null && end > start,
  });
}

export function useCorrections(assetId: number | null) {
  return useQuery({
    queryKey: ['voyages', 'corrections', assetId],
    queryFn: ({ signal }) => api.get<VoyageCorrection[]>(`/voyages/${assetId}/corrections`, { signal }),
    enabled: assetId != null,
  });
}

/** Makes or undoes a correction; the legs and the corrections are read again after. */
export function useCorrect(assetId: number | null) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['voyages'] });
  return {
    make: useMutation({
      mutationFn: (c: VoyageCorrectionRequest) => api.post<VoyageCorrection>(`/voyages/${assetId}/corrections`, c),
      onSuccess: done,
    }),
    undo: useMutation({
      mutationFn: (id: number) => api.delete<unknown>(`/voyages/${assetId}/corrections/${id}`),
      onSuccess: done,
    }),
  };
}

/** The track of a leg or the period; `end` exclusive (a leg's end is its last fix: ask for one second more). */
export function useTrack(assetId: number | null, start: number, end: number) {
  return useQuery({
    queryKey: ['track', assetId, start, end],
    queryFn: ({ signal }) => api.get<TrackAnswer>(`/track/${assetId}/period/${start}/${end}`, { signal }),
    enabled: assetId != null && end > start,
    staleTime: 60_000,
  });
}

export const saveTrackFile = (assetId: number, start: number, end: number, format: 'gpx' | 'kml') =>
  saveDownload(`/track/${assetId}/period/${start}/${end}/${format}`, `track-${assetId}-${start}-${end}.${format}`);
