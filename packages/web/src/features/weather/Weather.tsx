import type { WeatherConfig } from '@fleet/shared/answers/geo.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Spin, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { MAP_DEFAULT_CENTER } from '../../components/map/index.ts';
import { weatherTexts } from './texts.ts';
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

/** The texts of the options' values (the values themselves go to the provider). */
const PARTICLE_TEXT = {
  on: 'particlesOn',
  intensive: 'particlesIntensive',
  off: 'particlesOff',
} as const satisfies Record<(typeof PARTICLE_VALUES)[number], keyof typeof weatherTexts.en>;
const ISOLINE_TEXT = {
  off: 'isolinesOff',
  pressure: 'isolinesPressure',
  gh: 'isolinesGh',
  temp: 'isolinesTemp',
  deg0: 'isolinesDeg0',
} as const satisfies Record<(typeof ISOLINE_VALUES)[number], keyof typeof weatherTexts.en>;

/** The environment variable holding the provider key, shown as code inside its sentence. */
const KEY_VARIABLE = 'WEATHER_API_KEY';
const withCode = (sentence: string, code: string) => {
  const [before, ...after] = sentence.split(code);
  return (
    <>
      {before}
      <code>{code}</code>
      {after.join(code)}
    </>
  );
};

const cycle = <T,>(list: readonly T[], v: T) => list[(list.indexOf(v) + 1) % list.length];

type FrameState = { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; message: string };

/** The weather map (spec 002 §2.6): the provider's map in an isolated iframe, our options panel over it. */
export default function Weather() {
  const t = useTexts(weatherTexts);
  const q = useQuery({
    queryKey: ['weather', 'config'],
    queryFn: ({ signal }) => api.get<WeatherConfig>('/weather/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const cfg = q.data;
  if (q.isLoading) return <Spin className="weather-spin" />;
  if (!cfg) return <Alert type="error" showIcon title={t('configFailed')} />;
  if (!cfg.configured || !cfg.key)
    return (
      <div className="weather-page">
        <Alert
          type="info"
          showIcon
          title={t('notConfigured')}
          description={withCode(t('notConfiguredHelp', { variable: KEY_VARIABLE }), KEY_VARIABLE)}
        />
      </div>
    );
  return <WeatherFrame cfg={cfg} />;
}

function WeatherFrame({ cfg }: { cfg: WeatherConfig }) {
  const t = useTexts(weatherTexts);
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
          title={t('providerUnreachable')}
          description={t('providerUnreachableHelp', { message: state.message })}
        />
      )}
      {state.kind === 'loading' && <Spin className="weather-spin" tip={t('loading')} />}
      <iframe
        ref={frame}
        title={t('frameTitle')}
        className="weather-frame"
        src="/api/weather/frame"
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
      />
      <Card
        size="small"
        className="weather-options"
        title={t('options')}
        extra={
          <Button size="small" type="text" onClick={() => setPanelOpen(!panelOpen)}>
            {panelOpen ? t('hide') : t('show')}
          </Button>
        }
      >
        {panelOpen && (
          <div className="weather-option-list">
            <span>{t('currentUnit')}</span>
            <Button size="small" onClick={() => set({ windUnit: cycle(WIND_UNITS, options.windUnit) })}>
              {options.windUnit}
            </Button>
            <span>{t('numDirection')}</span>
            <Switch
              size="small"
              aria-label={t('numDirection')}
              checked={options.numDirection}
              onChange={(v) => set({ numDirection: v })}
            />
            <span>{t('graticule')}</span>
            <Switch
              size="small"
              aria-label={t('graticule')}
              checked={options.graticule}
              onChange={(v) => set({ graticule: v })}
            />
            <span>{t('latLong')}</span>
            <Switch
              size="small"
              aria-label={t('latLong')}
              checked={options.latlon}
              onChange={(v) => set({ latlon: v })}
            />
            <span>{t('particleAnimation')}</span>
            <Button size="small" onClick={() => set({ particlesAnim: cycle(PARTICLE_VALUES, options.particlesAnim) })}>
              {t(PARTICLE_TEXT[options.particlesAnim])}
            </Button>
            <span>{t('isolines')}</span>
            <Button size="small" onClick={() => set({ isolines: cycle(ISOLINE_VALUES, options.isolines) })}>
              {t(ISOLINE_TEXT[options.isolines])}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
