import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/**
 * A Vega-Lite spec rendered to an SVG string in Node, at report time: compiled to Vega, run by a
 * headless View (`renderer: 'none'`) and serialised with `toSVG()`. Vega escapes the text it
 * writes into the SVG, and the output has no scripts or external references.
 */
export async function renderVegaLite(spec: TopLevelSpec): Promise<string> {
  const vegaSpec = compile(spec).spec;
  const view = new View(parse(vegaSpec), { renderer: 'none' });
  try {
    return compactSvg(await view.toSVG());
  } finally {
    view.finalize();
  }
}

/**
 * Vega writes coordinates with full double precision; a hundredth of a pixel is plenty, and a
 * scatter plot of thousands of points gets several times smaller. Only numbers with three or more
 * decimals are touched (axis labels are formatted shorter).
 */
export function compactSvg(svg: string): string {
  return svg.replace(/(-?\d+\.\d{2})\d+/g, '$1');
}
