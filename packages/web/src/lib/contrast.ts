// WCAG 2.2 contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio): relative luminance of
// sRGB colours and the ratio (L1 + 0.05) / (L2 + 0.05). Text needs 4.5:1 (SC 1.4.3, AA), the parts of
// a control that show its state 3:1 (SC 1.4.11). Colours as the theme writes them: #hex or
// Tailwind's oklch(L% C H) (OKLab → linear sRGB, Björn Ottosson's matrices, https://bottosson.github.io/posts/oklab/).

export type Rgb = readonly [number, number, number];

/** Linear-light sRGB (0–1, clipped) of a CSS colour written as #rgb, #rrggbb or oklch(L% C H). */
export function parseColour(css: string): Rgb {
  const text = css.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const channels = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16) / 255);
    return channels.map(toLinear) as unknown as Rgb;
  }
  const oklch = /^oklch\(\s*([\d.]+)%\s+([\d.]+)\s+([\d.]+)\s*\)$/i.exec(text);
  if (oklch) return oklchToLinearSrgb(Number(oklch[1]) / 100, Number(oklch[2]), Number(oklch[3]));
  throw new Error(`Not a colour this parser reads: ${css}`);
}

function toLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function oklchToLinearSrgb(l: number, c: number, hDeg: number): Rgb {
  const h = (hDeg * Math.PI) / 180;
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clip(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
    clip(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
    clip(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_),
  ];
}

/** WCAG relative luminance of a linear-light sRGB colour. */
export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two CSS colours, from 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const a = relativeLuminance(parseColour(foreground));
  const b = relativeLuminance(parseColour(background));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
