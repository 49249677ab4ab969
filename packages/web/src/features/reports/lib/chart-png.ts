export interface LegendEntry {
  label: string;
  colour: string;
}

const SCALE = 2;
const PADDING = 16;
const LINE = 20;
const FONT = '13px Inter, ui-sans-serif, system-ui, sans-serif';

/** The chart's SVG as a standalone document: sized, namespaced, on a white background. */
export function svgDocument(svg: SVGSVGElement): { text: string; width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width || Number(svg.getAttribute('width')) || 600));
  const height = Math.max(1, Math.round(box.height || Number(svg.getAttribute('height')) || 300));
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.setAttribute('style', `background:#fff;font-family:Inter, ui-sans-serif, system-ui, sans-serif`);
  return { text: new XMLSerializer().serializeToString(copy), width, height };
}

/** Rows of legend entries that fit the width, for drawing under the chart. */
export function legendRows(entries: readonly LegendEntry[], width: number, measure: (text: string) => number): LegendEntry[][] {
  const rows: LegendEntry[][] = [];
  let row: LegendEntry[] = [];
  let used = 0;
  for (const e of entries) {
    const w = 18 + measure(e.label) + 16;
    if (row.length && used + w > width) {
      rows.push(row);
      row = [];
      used = 0;
    }
    row.push(e);
    used += w;
  }
  if (row.length) rows.push(row);
  return rows;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
    img.src = src;
  });
}

/**
 * The chart as a PNG: its SVG drawn on a canvas at twice the size (sharp when printed or zoomed), with
 * the title above and the legend below, because recharts draws its legend in HTML outside the SVG.
 */
export async function chartToPng(svg: SVGSVGElement, title: string, legend: readonly LegendEntry[]): Promise<Blob> {
  const doc = svgDocument(svg);
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The chart could not be drawn as an image.');
  ctx.font = FONT;
  const rows = legendRows(legend, doc.width, (text) => ctx.measureText(text).width);
  const top = PADDING + LINE;
  canvas.width = (doc.width + PADDING * 2) * SCALE;
  canvas.height = (top + doc.height + rows.length * LINE + PADDING * 2) * SCALE;

  const url = URL.createObjectURL(new Blob([doc.text], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const img = await loadImage(url);
    ctx.scale(SCALE, SCALE);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#1c1917';
    ctx.font = `600 ${FONT}`;
    ctx.fillText(title, PADDING, PADDING + 12);
    ctx.drawImage(img, PADDING, top, doc.width, doc.height);
    ctx.font = FONT;
    rows.forEach((row, r) => {
      let x = PADDING;
      const y = top + doc.height + PADDING + r * LINE;
      for (const e of row) {
        ctx.fillStyle = e.colour;
        ctx.fillRect(x, y - 9, 12, 12);
        ctx.fillStyle = '#44403c';
        ctx.fillText(e.label, x + 18, y + 1);
        x += 18 + ctx.measureText(e.label).width + 16;
      }
    });
  } finally {
    URL.revokeObjectURL(url);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The chart could not be drawn as an image.'))), 'image/png'),
  );
}
