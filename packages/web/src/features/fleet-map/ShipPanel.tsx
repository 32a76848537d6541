import { DownOutlined, SwapOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Space, Switch } from 'antd';
import {
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTexts } from '../../api/i18n.ts';
import { currentLocale } from '../../api/locale.ts';
import type { FleetVessel } from '../../components/fleet-map/fleet-data.ts';
import type { FleetStore } from '../../components/fleet-map/fleet-store.ts';
import { useWatch } from '../../components/fleet-map/useFleet.ts';
import { fmtTime } from '../../components/fleet-map/VesselPopup.tsx';
import { num } from '../../components/format.ts';
import { componentsTexts } from '../../components/texts.ts';
import { fleetMapTexts } from './texts.ts';

export interface ShipPanelProps {
  store: FleetStore;
  isVisible: (massId: number) => boolean;
  setVisible: (massIds: number[], visible: boolean) => void;
  trailOn: (massId: number) => boolean;
  setTrail: (massId: number, on: boolean) => void;
  onReport: (massId: number) => void;
  onDashboard: (massId: number) => void;
  onZoom: (massId: number) => void;
  onVoyage: (massId: number) => void;
}

/**
 * The slide-up ship panel of spec 002 §2.5. Only the cards in view are rendered (CardStrip); each card follows
 * its own vessel in the store, so a live push re-renders the cards whose vessel changed and nothing else.
 */
export function ShipPanel(p: ShipPanelProps) {
  const t = useTexts(fleetMapTexts);
  const [open, setOpen] = useState(true);
  const [search, setSearch] = useState('');
  const [switchView, setSwitchView] = useState<Set<number>>(new Set());
  const assets = useSyncExternalStore(p.store.subscribeList, p.store.getAssets);
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    return s ? assets.filter((a) => a.massName.toLowerCase().includes(s)) : assets;
  }, [assets, search]);
  const keys = useMemo(() => shown.map((a) => a.massId), [shown]);
  // the cards call the latest handlers through a ref, so a memoised card need not re-render for new closures
  const actions = useRef<CardActions>(null as unknown as CardActions);
  actions.current = { ...p, toggleView: (id: number) => toggleView(id) };
  const toggleView = (id: number) =>
    setSwitchView((old) => {
      const n = new Set(old);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <div className={`fm-panel${open ? ' fm-panel-open' : ''}`} data-testid="ship-panel">
      <button type="button" className="fm-panel-handle" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? <DownOutlined /> : <UpOutlined />} {t('ships', { count: assets.length })}
      </button>
      {open && (
        <div className="fm-panel-body">
          <Space className="fm-panel-tools" wrap>
            <Input.Search
              aria-label={t('searchAssetName')}
              placeholder={t('searchAssetNamePlaceholder')}
              allowClear
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 240 }}
            />
            <Button
              onClick={() =>
                p.setVisible(
                  shown.map((v) => v.massId),
                  true,
                )
              }
            >
              {t('showAll')}
            </Button>
            <Button
              onClick={() =>
                p.setVisible(
                  shown.map((v) => v.massId),
                  false,
                )
              }
            >
              {t('hideAll')}
            </Button>
          </Space>
          {shown.length === 0 ? (
            <div className="fm-cards">
              <Empty description={t('noVessels')} />
            </div>
          ) : (
            <CardStrip
              keys={keys}
              resetKey={search}
              renderCard={(i) => {
                const id = shown[i].massId;
                return (
                  <ShipCard
                    key={id}
                    store={p.store}
                    massId={id}
                    sw={switchView.has(id)}
                    trail={p.trailOn(id)}
                    shown={p.isVisible(id)}
                    actions={actions}
                  />
                );
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}

/** Card width and gap of `.fm-card` / `.fm-cards` (fleet-map.css); a card with a long title is wider. */
const CARD_WIDTH = 260;
const CARD_GAP = 8;
/** cards rendered beyond each edge of the view, so a short scroll shows cards at once */
const OVERSCAN = 2;

/**
 * Which cards of a horizontal strip are in (or near) the view `[left, left + width)`: `starts[i]` is where card i
 * starts (px), `starts[n]` where the strip ends. Returns the cards `first` to `end - 1`.
 */
export function cardsInView(starts: number[], left: number, width: number): { first: number; end: number } {
  const n = starts.length - 1;
  // the last card starting at or before `left`, and the first starting at or after the right edge
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid + 1] <= left) lo = mid + 1;
    else hi = mid;
  }
  const first0 = lo;
  lo = first0;
  hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] < left + width) lo = mid + 1;
    else hi = mid;
  }
  return { first: Math.max(0, first0 - OVERSCAN), end: Math.min(n, lo + OVERSCAN) };
}

/**
 * A horizontally scrolling strip that renders only the cards in view (windowing): a track as wide as all the
 * cards keeps the scroll bar true, and the rendered ones sit after a left padding as wide as the cards before them.
 * Cards are 260 px unless a long title widens them (as before windowing); the widths seen are remembered per card.
 */
function CardStrip({
  keys,
  resetKey,
  renderCard,
}: {
  keys: number[];
  resetKey: string;
  renderCard: (index: number) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const widths = useRef(new Map<number, number>());
  const [measured, setMeasured] = useState(0);
  const [view, setView] = useState({ left: 0, width: typeof window === 'undefined' ? 1440 : window.innerWidth });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () =>
      setView((v) =>
        v.left === el.scrollLeft && v.width === el.clientWidth ? v : { left: el.scrollLeft, width: el.clientWidth },
      );
    update();
    el.addEventListener('scroll', update, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      ro?.disconnect();
    };
  }, []);
  // a new search starts at the first card
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search changes
  useEffect(() => {
    if (ref.current) ref.current.scrollLeft = 0;
  }, [resetKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `measured` marks new widths in the ref
  const starts = useMemo(() => {
    const s = new Array<number>(keys.length + 1);
    s[0] = 0;
    for (let i = 0; i < keys.length; i++) s[i + 1] = s[i] + (widths.current.get(keys[i]) ?? CARD_WIDTH) + CARD_GAP;
    return s;
  }, [keys, measured]);
  const { first, end } = cardsInView(starts, view.left, view.width);
  // remember the width of each rendered card (and watch it: the switch view may be wider)
  useLayoutEffect(() => {
    const el = track.current;
    if (!el) return;
    const measure = () => {
      let changed = false;
      for (let j = 0; j < el.children.length; j++) {
        const id = keys[first + j];
        const w = (el.children[j] as HTMLElement).offsetWidth;
        if (id !== undefined && w > 0 && widths.current.get(id) !== w) {
          widths.current.set(id, w);
          changed = true;
        }
      }
      if (changed) setMeasured((m) => m + 1);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    for (const child of el.children) ro.observe(child);
    return () => ro.disconnect();
  });
  const cards: ReactNode[] = [];
  for (let i = first; i < end; i++) cards.push(renderCard(i));
  return (
    <div className="fm-cards" ref={ref}>
      <div
        className="fm-cards-track"
        ref={track}
        style={{ width: Math.max(0, starts[keys.length] - CARD_GAP), paddingLeft: starts[first] }}
      >
        {cards}
      </div>
    </div>
  );
}

type CardActions = Pick<
  ShipPanelProps,
  'setVisible' | 'setTrail' | 'onReport' | 'onDashboard' | 'onZoom' | 'onVoyage'
> & {
  toggleView: (massId: number) => void;
};

interface ShipCardProps {
  store: FleetStore;
  massId: number;
  sw: boolean;
  trail: boolean;
  shown: boolean;
  actions: RefObject<CardActions>;
}

/** What a card shows of its vessel, as written. */
interface CardFields {
  name: string;
  online: boolean;
  location: string;
  cruise: string;
  speed: string;
  lastUpdate: string;
  located: boolean;
}

const cardFields = (v: FleetVessel): CardFields => ({
  name: v.name,
  online: v.online,
  location: v.location ?? '-',
  cruise: num(v.summary?.totalCruise),
  speed: num(v.summary?.averageSpeedKnot),
  lastUpdate: fmtTime(v.lastUpdate),
  located: v.lat !== null,
});

const sameFields = (a: CardFields, b: CardFields) =>
  a.name === b.name &&
  a.online === b.online &&
  a.location === b.location &&
  a.cruise === b.cruise &&
  a.speed === b.speed &&
  a.lastUpdate === b.lastUpdate &&
  a.located === b.located;

/**
 * The card's fields of one vessel in the store: the same object until one of them changes, so a card does not
 * re-render (nor React run at all) for a fix that changes nothing it shows — most fixes: Last Update is to the
 * minute. Worked out again when the vessel or the language (number format) changes.
 */
function useCardFields(store: FleetStore, massId: number): CardFields | undefined {
  const cache = useRef<{ v: FleetVessel | undefined; locale: string; fields: CardFields | undefined } | null>(null);
  const subscribe = useCallback((l: () => void) => store.subscribeVessel(massId, l), [store, massId]);
  const read = () => {
    const v = store.getVessel(massId);
    const locale = currentLocale();
    const c = cache.current;
    if (c && c.v === v && c.locale === locale) return c.fields;
    const next = v ? cardFields(v) : undefined;
    const fields = c?.fields && next && sameFields(c.fields, next) ? c.fields : next;
    cache.current = { v, locale, fields };
    return fields;
  };
  return useSyncExternalStore(subscribe, read);
}

/**
 * One ship card: it follows what it shows of its own vessel in the store (useCardFields), and while it is rendered
 * (in view) its vessel is watched, so its 24 h numbers and place name are asked for.
 */
const ShipCard = memo(function ShipCard({ store, massId, sw, trail, shown, actions }: ShipCardProps) {
  const f = useCardFields(store, massId);
  useWatch(store, massId);
  if (!f) return null;
  return <CardView massId={massId} {...f} sw={sw} trail={trail} shown={shown} actions={actions} />;
});

interface CardViewProps {
  massId: number;
  name: string;
  online: boolean;
  location: string;
  cruise: string;
  speed: string;
  lastUpdate: string;
  located: boolean;
  sw: boolean;
  trail: boolean;
  shown: boolean;
  actions: RefObject<CardActions>;
}

const CardView = memo(function CardView(v: CardViewProps) {
  const t = useTexts(fleetMapTexts);
  const c = useTexts(componentsTexts);
  const { sw, trail, shown, actions } = v;
  return (
    <Card
      size="small"
      className="fm-card"
      data-testid={`ship-card-${v.massId}`}
      title={
        <span>
          {v.name}{' '}
          <span className={v.online ? 'fm-online' : 'fm-offline'}>{v.online ? t('online') : t('offline')}</span>
        </span>
      }
      extra={
        <Button
          size="small"
          type="text"
          icon={<SwapOutlined />}
          aria-label={sw ? t('showInfo') : t('showSwitches')}
          onClick={() => actions.current.toggleView(v.massId)}
        />
      }
    >
      {!sw ? (
        <dl className="fm-card-info">
          <dt>{t('location')}</dt>
          <dd>{v.location}</dd>
          <dt>{t('totalCruise')}</dt>
          <dd>{v.cruise}</dd>
          <dt>{c('averageSpeed')}</dt>
          <dd>{v.speed}</dd>
          <dt>{t('lastUpdate')}</dt>
          <dd>{v.lastUpdate}</dd>
        </dl>
      ) : (
        <div className="fm-card-switches">
          <span className="fm-switch">
            <Switch
              size="small"
              checked={trail}
              onChange={(on) => actions.current.setTrail(v.massId, on)}
              aria-label={t('vesselTrailOf', { name: v.name })}
            />{' '}
            {t('vesselTrail')}
          </span>
          <span className="fm-switch">
            <Switch
              size="small"
              checked={shown}
              onChange={(on) => actions.current.setVisible([v.massId], on)}
              aria-label={t('showShipOf', { name: v.name })}
            />{' '}
            {t('showShip')}
          </span>
          <Space wrap size={4}>
            <Button size="small" onClick={() => actions.current.onReport(v.massId)}>
              {t('report')}
            </Button>
            <Button size="small" onClick={() => actions.current.onDashboard(v.massId)}>
              {t('dashboard')}
            </Button>
            <Button size="small" disabled={!v.located} onClick={() => actions.current.onZoom(v.massId)}>
              {t('zoomToShip')}
            </Button>
            <Button size="small" onClick={() => actions.current.onVoyage(v.massId)}>
              {t('voyageReport')}
            </Button>
          </Space>
        </div>
      )}
    </Card>
  );
});
