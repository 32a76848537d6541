import { CaretRightOutlined, PauseOutlined, StepBackwardOutlined } from '@ant-design/icons';
import type { TrackPoint } from '@fleet/shared/answers/voyages.ts';
import { Alert, Button, Empty, Select, Slider } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Polyline } from 'react-leaflet';
import { useTexts } from '../../api/i18n.ts';
import { dateTime, latLng, num, qty } from '../format.ts';
import { BaseMap, FitToPoints, VesselLayer } from '../map/index.ts';
import { bandColor, indexAt, SPEED_BANDS, speedRuns } from './speed-bands.ts';
import { replayTexts } from './texts.ts';
import './track-replay.css';

/** Track seconds played per real second: 1 min/s to 6 h/s. */
const RATES = [60, 600, 3600, 21600] as const;
/** A replay lasts about this long at the rate chosen first. */
const FIRST_PLAY_SECONDS = 30;

export interface TrackReplayProps {
  points: TrackPoint[];
  /** the answer was thinned (docs/domain.md §40) */
  thinned?: boolean;
  vesselName: string;
  kind?: 'ship' | 'tug';
  /** changes when another track is shown: the map fits it, the replay starts over */
  trackKey: string;
  height?: number;
  /** more controls beside play/pause (the file downloads) */
  extra?: ReactNode;
  /** the slider's time, for the caller (split a leg there) */
  onTime?: (ts: number) => void;
}

/**
 * A vessel's track played back (issue 30): the track coloured by speed with its legend, the vessel moving along it,
 * a time slider, play/pause/restart and the playback speed, and the vessel's values at the slider's time — those of
 * the last fix at or before it (no value is interpolated).
 */
export function TrackReplay({
  points,
  thinned,
  vesselName,
  kind,
  trackKey,
  height = 420,
  extra,
  onTime,
}: TrackReplayProps) {
  const t = useTexts(replayTexts);
  const first = points[0]?.ts ?? 0;
  const last = points.at(-1)?.ts ?? 0;
  const [time, setTime] = useState(first);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<number>(RATES[1]);

  // another track: back to its start, at a rate that plays it in about half a minute
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the track changes
  useEffect(() => {
    setTime(first);
    setPlaying(false);
    const wanted = (last - first) / FIRST_PLAY_SECONDS;
    setRate(RATES.reduce((best, r) => (Math.abs(r - wanted) < Math.abs(best - wanted) ? r : best), RATES[0]));
  }, [trackKey]);

  useEffect(() => {
    onTime?.(time);
  }, [time, onTime]);

  useEffect(() => {
    if (!playing) return;
    let before = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const dt = (now - before) / 1000;
      before = now;
      setTime((ts) => {
        const next = Math.min(last, ts + dt * rate);
        if (next >= last) setPlaying(false);
        return next;
      });
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, rate, last]);

  const runs = useMemo(() => speedRuns(points), [points]);
  const fit = useMemo(() => points.map((p) => [p.lat, p.lng] as [number, number]), [points]);
  const at = points.length ? points[indexAt(points, time)] : null;
  const marker = useMemo(
    () =>
      at
        ? [{ id: 'replay', lat: at.lat, lng: at.lng, heading: at.headingDeg, online: true, kind, label: vesselName }]
        : [],
    [at, kind, vesselName],
  );

  if (!points.length) return <Empty description={t('noTrack')} data-testid="track-replay-empty" />;

  const play = () => {
    if (time >= last) setTime(first);
    setPlaying(true);
  };
  const rateText = (r: number) =>
    r < 3600 ? t('minutesPerSecond', { minutes: r / 60 }) : t('hoursPerSecond', { hours: r / 3600 });

  return (
    <div className="track-replay" data-testid="track-replay">
      <div className="track-replay-map" style={{ height }}>
        <BaseMap>
          {runs.map((r, i) => (
            <Polyline
              // biome-ignore lint/suspicious/noArrayIndexKey: the runs are ordered in time; the index is their identity
              key={i}
              positions={r.positions}
              pathOptions={{ color: bandColor(r.band), weight: 4, opacity: 0.9 }}
              interactive={false}
            />
          ))}
          <VesselLayer vessels={marker} />
          <FitToPoints points={fit} fitKey={trackKey} maxZoom={13} />
        </BaseMap>
      </div>
      <ul className="track-replay-legend" aria-label={t('speedLegend')}>
        <li>
          <strong>{t('speedLegend')}</strong>
        </li>
        {SPEED_BANDS.map((b, i) => (
          <li key={b.from}>
            <i style={{ background: b.color }} />
            {i + 1 < SPEED_BANDS.length ? `${b.from}–${SPEED_BANDS[i + 1].from}` : `≥ ${b.from}`}
          </li>
        ))}
        <li>
          <i style={{ background: bandColor(-1) }} />
          {t('unknownSpeed')}
        </li>
      </ul>
      {thinned && <Alert type="info" showIcon title={t('thinned', { count: points.length })} />}
      <div className="track-replay-controls">
        <Button icon={<StepBackwardOutlined />} aria-label={t('restart')} onClick={() => setTime(first)} />
        {playing ? (
          <Button type="primary" icon={<PauseOutlined />} onClick={() => setPlaying(false)}>
            {t('pause')}
          </Button>
        ) : (
          <Button type="primary" icon={<CaretRightOutlined />} onClick={play}>
            {t('play')}
          </Button>
        )}
        <Select
          aria-label={t('playbackSpeed')}
          value={rate}
          onChange={setRate}
          options={RATES.map((r) => ({ value: r, label: rateText(r) }))}
          style={{ width: 130 }}
        />
        <Slider
          className="track-replay-slider"
          min={first}
          max={Math.max(last, first + 1)}
          value={time}
          onChange={(v) => {
            setPlaying(false);
            setTime(v);
          }}
          tooltip={{ formatter: (v) => dateTime(v ?? null) }}
          ariaLabelForHandle={t('timeSlider')}
        />
        {extra}
      </div>
      {at && (
        <dl className="track-replay-values" data-testid="track-replay-values">
          <div>
            <dt>{t('time')}</dt>
            <dd>{dateTime(at.ts)}</dd>
          </div>
          <div>
            <dt>{t('position')}</dt>
            <dd>{latLng(at.lat, at.lng)}</dd>
          </div>
          <div>
            <dt>{t('speed')}</dt>
            <dd>{qty(at.speedKn, 'kn', 1)}</dd>
          </div>
          <div>
            <dt>{t('heading')}</dt>
            <dd>{at.headingDeg === null ? '-' : `${num(at.headingDeg, 0)}°`}</dd>
          </div>
          <div>
            <dt>{t('portRpm')}</dt>
            <dd>{num(at.rpmPort, 0)}</dd>
          </div>
          <div>
            <dt>{t('starboardRpm')}</dt>
            <dd>{num(at.rpmStarboard, 0)}</dd>
          </div>
          <div>
            <dt>{t('meFuelRate')}</dt>
            <dd>{qty(at.meFuelLh, 'L/h', 1)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
