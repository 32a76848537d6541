import type { DcsVessel } from '@fleet/shared/answers/emissions.ts';
import { Tooltip } from 'antd';
import { useTexts } from '../../api/i18n.ts';
import { num } from '../../components/format.ts';
import { emissionsTexts } from './texts.ts';

/** The rating's colour: A dark green to E red, as IMO's A–E scale is usually drawn. */
const COLOURS = { A: '#1a7f37', B: '#6aa84f', C: '#e0b000', D: '#e6772e', E: '#c62828' } as const;

/** The CII rating as a coloured letter, "indicative" beside it where reg. 28 does not apply; else why there is none. */
export function CiiBadge({ vessel }: { vessel: Pick<DcsVessel, 'cii' | 'ciiReason'> }) {
  const t = useTexts(emissionsTexts);
  const { cii, ciiReason } = vessel;
  if (!cii) return <span className="cii-reason">{ciiReason ? t(`reason_${ciiReason}`) : '-'}</span>;
  const badge = (
    <span
      className="cii-badge"
      style={{ background: COLOURS[cii.rating] }}
      role="img"
      aria-label={`${t('rating')} ${cii.rating}`}
    >
      {cii.rating}
    </span>
  );
  const figures = `${cii.metric} ${num(cii.attained, 2)} · ${t('ciiRequired')} ${num(cii.required, 2)}`;
  if (cii.applies) return <Tooltip title={figures}>{badge}</Tooltip>;
  return (
    <Tooltip title={`${figures}. ${t('indicativeHint')}`}>
      <span className="cii-rating">
        {badge}
        <span className="cii-indicative">{t('indicative')}</span>
      </span>
    </Tooltip>
  );
}
