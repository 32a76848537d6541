import type { WeatherConfig } from '@fleet/shared/answers/geo.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Spin, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { MAP_DEFAULT_CENTER } from '../../components/map/index.ts';
import './weather.css';

/** Option values of spec 002 §2.6. */
export const WIND_UNITS = ['kt', 'm/s', 'km/h', 'mph', 'bft'] as const;
export const PARTICLE_VALUES = ['on', 'intensive', 'off'] as const;
export const ISOLINE_VALUES = ['off', 'pressure', 'gh', 'temp', 'deg0'] as const;
/** Options reach the provider 300 ms after the last change (spec 002 §9 "Weather mode toggle delay"). */
export const WEATHER_TOGGLE_DELAY_MS = 300;

export interface WeatherOptions {
  windUnit: (typeof WIND_UNITS)[number];
  numDirection: boolean;
  graticule: boolean;
  latlon: boolean;
  particlesAnim: (typeof PARTICLE_VALUES)[number];
  isolines: (typeof ISOLINE_VALUES)[number];
}
export const DEFAULT_WEATHER_OPTIONS: WeatherOptions = {
  windUnit: 'kt',
  numDirection: false,
  graticule: false,
  latlon: true,
  particlesAnim: 'on',
  isolines: 'off',
};

const cycle = <T,>(list: readonly T[], v: T) => list[(list.indexOf(v) + 1) % list.length];

type FrameState = { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; message: string };

/** The weather map (spec 002 §2.6): the provider's map in an isolated iframe, our options panel over it. */
export default function Weather() {
  const q = useQuery({
    queryKey: ['weather', 'config'],
    queryFn: ({ signal }) => api.get<WeatherConfig>('/weather/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const cfg = q.data;
  if (q.isLoading) return <Spin className="weather-spin" />;
  if (!cfg) return <Alert type="error" showIcon title="The weather configuration could not be read." />;
  if (!cfg.configured || !cfg.key)
    return (
      <div className="weather-page">
        <Alert
          type="info"
          showIcon
          title="The weather map is not configured"
          description={
            <>
              The weather map shows the Windy map forecast and needs a provider key. An administrator sets it on the
              server with the environment variable <code>WEATHER_API_KEY</code> (a Windy Map Forecast API key for this
              site's domain) and restarts the server; the map also needs internet access. See README, "Weather map".
            </>
          }
        />
      </div>
    );
  return <WeatherFrame cfg={cfg} />;
}

function WeatherFrame({ cfg }: { cfg: WeatherConfig }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<FrameState>({ kind: 'loading' });
  const [options, setOptions] = useState<WeatherOptions>(DEFAULT_WEATHER_OPTIONS);
  const [panelOpen, setPanelOpen] = useState(true);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.source !== frame.current?.contentWindow || e.data?.source !== 'fleet-weather') return;
      if (e.data.type === 'loaded')
        frame.current?.contentWindow?.postMessage(
          {
            type: 'init',
            key: cfg.key,
            scriptUrl: cfg.scriptUrl,
            leafletUrl: cfg.leafletUrl,
            lat: MAP_DEFAULT_CENTER[0],
            lon: MAP_DEFAULT_CENTER[1],
            zoom: 5,
            options: optionsRef.current,
          },
          '*',
        );
      else if (e.data.type === 'ready') setState({ kind: 'ready' });
      else if (e.data.type === 'error') setState({ kind: 'error', message: String(e.data.message) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [cfg]);

  // options reach the provider 300 ms after the last change
  useEffect(() => {
    if (state.kind !== 'ready') return;
    const t = setTimeout(
      () => frame.current?.contentWindow?.postMessage({ type: 'options', options }, '*'),
      WEATHER_TOGGLE_DELAY_MS,
    );
    return () => clearTimeout(t);
  }, [options, state.kind]);

  const set = (patch: Partial<WeatherOptions>) => setOptions((o) => ({ ...o, ...patch }));
  return (
    <div className="weather-page weather-full">
      {state.kind === 'error' && (
        <Alert
          className="weather-alert"
          type="warning"
          showIcon
          title="The weather provider could not be reached"
          description={`${state.message} The weather map loads from the provider over the internet; check this computer's internet access, and that the provider key is valid for this site.`}
        />
      )}
      {state.kind === 'loading' && <Spin className="weather-spin" tip="Loading the weather map…" />}
      <iframe
        ref={frame}
        title="Weather map"
        className="weather-frame"
        src="/api/weather/frame"
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
      />
      <Card
        size="small"
        className="weather-options"
        title="Weather Maps Options"
        extra={
          <Button size="small" type="text" onClick={() => setPanelOpen(!panelOpen)}>
            {panelOpen ? 'Hide' : 'Show'}
          </Button>
        }
      >
        {panelOpen && (
          <div className="weather-option-list">
            <span>Current Unit</span>
            <Button size="small" onClick={() => set({ windUnit: cycle(WIND_UNITS, options.windUnit) })}>
              {options.windUnit}
            </Button>
            <span>Num Direction</span>
            <Switch
              size="small"
              aria-label="Num Direction"
              checked={options.numDirection}
              onChange={(v) => set({ numDirection: v })}
            />
            <span>Graticule</span>
            <Switch
              size="small"
              aria-label="Graticule"
              checked={options.graticule}
              onChange={(v) => set({ graticule: v })}
            />
            <span>Lat Long</span>
            <Switch size="small" aria-label="Lat Long" checked={options.latlon} onChange={(v) => set({ latlon: v })} />
            <span>Particle Animation</span>
            <Button size="small" onClick={() => set({ particlesAnim: cycle(PARTICLE_VALUES, options.particlesAnim) })}>
              {options.particlesAnim}
            </Button>
            <span>Isolines</span>
            <Button size="small" onClick={() => set({ isolines: cycle(ISOLINE_VALUES, options.isolines) })}>
              {options.isolines}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
