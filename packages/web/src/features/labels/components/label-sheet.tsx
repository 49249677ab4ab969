import { useTranslation } from 'react-i18next';
import type { CSSProperties } from 'react';
import type { LabelItem } from '../lib/label-items';
import type { LabelSize, PlacedLabel, SheetLayout } from '../lib/sheet-layouts';

/** Type sizes per label size, in millimetres (1 pt ≈ 0.353 mm): name, then the smaller lines. */
const TYPE: Record<LabelSize, { name: number; line: number; pad: number }> = {
  small: { name: 2.6, line: 1.9, pad: 1.2 },
  medium: { name: 4.8, line: 3.2, pad: 2 },
  large: { name: 7, line: 4.4, pad: 3 },
};

export interface LabelPageProps {
  layout: SheetLayout;
  labels: Array<PlacedLabel<LabelItem>>;
  qr: ReadonlyMap<string, string>;
  /** Print: the page at its real size in mm. Preview: the page scaled to its column. */
  print?: boolean;
  pageNumber: number;
}

export const labelKey = (l: Pick<LabelItem, 'kind' | 'id'>) => `${l.kind}:${l.id}`;

/**
 * One sheet. Every measure is a share of the page width (container units), so the on-screen preview and
 * the printed page are the same drawing at two scales; printed, the page is exactly the paper's size.
 */
export function LabelPage({ layout, labels, qr, print = false, pageNumber }: LabelPageProps) {
  const { t } = useTranslation('labels');
  const w = (mm: number) => `${(mm / layout.pageWidth) * 100}cqw`;
  const type = TYPE[layout.size];
  const pageStyle: CSSProperties = print
    ? { width: `${layout.pageWidth}mm`, height: `${layout.pageHeight}mm` }
    : { width: '100%', aspectRatio: `${layout.pageWidth} / ${layout.pageHeight}` };
  const qrSide = layout.labelHeight - 2 * type.pad;
  return (
    <section
      className="label-page relative overflow-hidden bg-white text-black"
      style={{ ...pageStyle, containerType: 'inline-size' }}
      aria-label={t('preview.page', { number: pageNumber })}
    >
      {labels.map(({ item, x, y }) => {
        const src = qr.get(labelKey(item));
        return (
          <div
            key={labelKey(item)}
            className={print ? 'absolute flex items-center overflow-hidden' : 'absolute flex items-center overflow-hidden rounded-[0.6cqw] outline outline-1 outline-stone-300'}
            style={{ left: w(x), top: w(y), width: w(layout.labelWidth), height: w(layout.labelHeight), padding: w(type.pad), gap: w(type.pad) }}
            data-testid="label"
          >
            {src ? (
              <img src={src} alt={t('preview.qrAlt', { name: item.name })} style={{ width: w(qrSide), height: w(qrSide) }} className="shrink-0" />
            ) : (
              <span style={{ width: w(qrSide), height: w(qrSide) }} className="shrink-0 bg-stone-100" aria-hidden />
            )}
            <div className="min-w-0 leading-tight">
              <p className="line-clamp-2 break-words font-bold" style={{ fontSize: w(type.name) }}>
                {item.name}
              </p>
              {item.position && (
                <p className="truncate" style={{ fontSize: w(type.line) }}>
                  {t('label.position', { x: item.position.x, y: item.position.y })}
                </p>
              )}
              {item.where && (
                <p className="line-clamp-2 break-words" style={{ fontSize: w(type.line) }}>
                  {item.where}
                </p>
              )}
              <p className="truncate" style={{ fontSize: w(type.line * 0.85) }}>
                {t(`kinds.${item.kind}`)}
              </p>
            </div>
          </div>
        );
      })}
    </section>
  );
}
